import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DateRange, StationAnalytics, StationRating } from '@crm/shared';
import { api, ApiError } from '../../../lib/api-client';

/** S2 §9: dashboard and rating stale 5 min. Order events still refresh them (keys under ['orders', id]). */
const FIGURES_STALE_MS = 5 * 60_000;

/** A refusal (403 for a worker, 404, 400) will not change on a retry. */
const retryFigures = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1;

/**
 * `GET /api/station/rating/{id}?sdate&edate[&until]` (both dates inclusive, station-local; `until` HH:MM
 * cuts the last day short for a like-for-like trend).
 */
export const stationRatingQuery = (stationId: string, range: DateRange, until?: string) =>
  queryOptions({
    queryKey: ['orders', stationId, 'rating', range.start, range.end, until ?? null] as const,
    queryFn: async ({ signal }) =>
      (
        await api<{ rating: StationRating }>(`/station/rating/${encodeURIComponent(stationId)}`, {
          query: { sdate: range.start, edate: range.end, ...(until && { until }) },
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

/**
 * A rating the trend compares. When only the five-minute bound moves on, the last answer for the same
 * dates stays on screen until the new one comes, so the trend does not blink to «нет данных»; another
 * period never borrows it.
 */
export function useComparedRating(
  stationId: string,
  range: DateRange,
  until: string | undefined,
  enabled: boolean,
) {
  return useQuery({
    ...stationRatingQuery(stationId, range, until),
    enabled,
    placeholderData: (previous, previousQuery) => {
      const key = previousQuery?.queryKey;
      return key && key[1] === stationId && key[3] === range.start && key[4] === range.end
        ? previous
        : undefined;
    },
  });
}

export function useStationAnalytics(stationId: string, range: DateRange, enabled: boolean) {
  return useQuery({ ...stationAnalyticsQuery(stationId, range), enabled });
}
