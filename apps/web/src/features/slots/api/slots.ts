import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Slot, SlotsResponse } from '@crm/shared';
import { api } from '../../../lib/api-client';

/**
 * Under `['orders', stationId]` on purpose: the live order stream invalidates that prefix, so a booking
 * made anywhere else turns its slot Busy here at once (lib/order-events.ts).
 */
export const slotsQueryKey = (stationId: string, date: string) =>
  ['orders', stationId, 'slots', date] as const;

/** `GET /api/slots/{stationId}?selected_date=YYYY-MM-DD` (S2 §7); stale after 5 min (S2 §9). */
export const slotsQuery = (stationId: string, date: string) =>
  queryOptions({
    queryKey: slotsQueryKey(stationId, date),
    queryFn: ({ signal }) =>
      api<SlotsResponse>(`/slots/${encodeURIComponent(stationId)}`, {
        query: { selected_date: date },
        signal,
      }),
    staleTime: 5 * 60_000,
  });

export function useSlots(stationId: string, date: string) {
  return useQuery(slotsQuery(stationId, date));
}

/** `POST /api/slots/block/{stationId}/{slotId}` `{to_unblock}`: one slot, answered with its new state. */
export async function postSlotBlock(stationId: string, slotId: string, toUnblock: boolean): Promise<Slot> {
  const answer = await api<{ slot: Slot }>(
    `/slots/block/${encodeURIComponent(stationId)}/${encodeURIComponent(slotId)}`,
    { method: 'POST', body: { to_unblock: toUnblock } },
  );
  return answer.slot;
}

export interface BlockDayAnswer {
  changed: number;
  slots: SlotsResponse['slots'];
}

/** `POST /api/slots/block_day/{stationId}` `{date, to_unblock}`: the whole-day toggle in one call. */
export function postBlockDay(stationId: string, date: string, toUnblock: boolean): Promise<BlockDayAnswer> {
  return api<BlockDayAnswer>(`/slots/block_day/${encodeURIComponent(stationId)}`, {
    method: 'POST',
    body: { date, to_unblock: toUnblock },
  });
}
