import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OnlineBookingSettings } from '@crm/shared';
import { api } from '../../../../lib/api-client';

export const onlineBookingKey = (stationId: string) => ['online-booking', stationId] as const;

export const onlineBookingPath = (stationId: string) =>
  `/station/${encodeURIComponent(stationId)}/online-booking`;

/**
 * `GET /api/station/{stationId}/online-booking`: the public code, on/off, what is offered, the limits and
 * the drivers' requests to remove their data.
 */
export const onlineBookingQuery = (stationId: string) =>
  queryOptions({
    queryKey: onlineBookingKey(stationId),
    queryFn: ({ signal }) => api<OnlineBookingSettings>(onlineBookingPath(stationId), { signal }),
    staleTime: 30_000,
  });

export function useOnlineBookingSettings(stationId: string) {
  return useQuery(onlineBookingQuery(stationId));
}
