import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Comparison, StationAnalytics } from '@crm/shared';
import { api, ApiError } from '../../../lib/api-client';

/** S2 §9: dashboard and rating stale 5 min. Order events still refresh them (keys under ['orders', id]). */
const FIGURES_STALE_MS = 5 * 60_000;

/** A refusal (403 for a worker, 404, 400) will not change on a retry. */
const retryFigures = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1;

/**
 * `GET /api/station/analytics/{id}`: the cards and charts of one comparison (DESIGN §10 «like for like»)
 * — the period shown (`comparison.current`, its last day cut at `until` when it holds today) and the period
 * it is compared with, in one answer, so a card, its trend, its tooltip and the charts never disagree.
 */
export const stationAnalyticsQuery = (stationId: string, comparison: Comparison, until?: string) => {
  const { current, previous } = comparison;
  return queryOptions({
    queryKey: [
      'orders',
      stationId,
      'analytics',
      current.start,
      current.end,
      previous.start,
      previous.end,
      until ?? null,
    ] as const,
    queryFn: ({ signal }) =>
      api<StationAnalytics>(`/station/analytics/${encodeURIComponent(stationId)}`, {
        query: {
          sdate: current.start,
          edate: current.end,
          prev_sdate: previous.start,
          prev_edate: previous.end,
          ...(until && { until }),
        },
        signal,
      }),
    staleTime: FIGURES_STALE_MS,
    retry: retryFigures,
  });
};

/**
 * The dashboard's figures. When only the five-minute bound moves on, the last answer for the same dates
 * stays on screen until the new one comes, so nothing blinks back to a skeleton; another period never
 * borrows it.
 */
export function useStationAnalytics(
  stationId: string,
  comparison: Comparison,
  until: string | undefined,
  enabled: boolean,
) {
  const { current } = comparison;
  return useQuery({
    ...stationAnalyticsQuery(stationId, comparison, until),
    enabled,
    placeholderData: (last, lastQuery) => {
      const key = lastQuery?.queryKey;
      return key && key[1] === stationId && key[3] === current.start && key[4] === current.end
        ? last
        : undefined;
    },
  });
}
