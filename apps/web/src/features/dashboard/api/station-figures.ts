import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DateRange, StationAnalytics, StationRating } from '@crm/shared';
import { api, ApiError } from '../../../lib/api-client';

/** S2 §9: dashboard and rating stale 5 min. Order events still refresh them (keys under ['orders', id]). */
const FIGURES_STALE_MS = 5 * 60_000;

/** A refusal (403 for a worker, 404, 400) will not change on a retry. */
const retryFigures = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1;

/** `GET /api/station/rating/{id}?sdate&edate` (both dates inclusive, station-local). */
export const stationRatingQuery = (stationId: string, range: DateRange) =>
  queryOptions({
    queryKey: ['orders', stationId, 'rating', range.start, range.end] as const,
    queryFn: async ({ signal }) =>
      (
        await api<{ rating: StationRating }>(`/station/rating/${encodeURIComponent(stationId)}`, {
          query: { sdate: range.start, edate: range.end },
          signal,
        })
      ).rating,
    staleTime: FIGURES_STALE_MS,
    retry: retryFigures,
  });

/** `GET /api/station/analytics/{id}?sdate&edate`: the charts and the export. */
export const stationAnalyticsQuery = (stationId: string, range: DateRange) =>
  queryOptions({
    queryKey: ['orders', stationId, 'analytics', range.start, range.end] as const,
    queryFn: ({ signal }) =>
      api<StationAnalytics>(`/station/analytics/${encodeURIComponent(stationId)}`, {
        query: { sdate: range.start, edate: range.end },
        signal,
      }),
    staleTime: FIGURES_STALE_MS,
    retry: retryFigures,
  });

export function useStationRating(stationId: string, range: DateRange, enabled: boolean) {
  return useQuery({ ...stationRatingQuery(stationId, range), enabled });
}

export function useStationAnalytics(stationId: string, range: DateRange, enabled: boolean) {
  return useQuery({ ...stationAnalyticsQuery(stationId, range), enabled });
}
