import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelReason } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** S1 §2: the new-orders list refreshes 500 ms after an accept or a decline. */
export const ANSWER_REFRESH_MS = 500;

export type OrderAnswer =
  | { kind: 'accept' }
  /** `comment`: the operator's words beside «Другое», kept in the order's service note. */
  | { kind: 'decline'; reason: CancelReason; comment?: string };

/**
 * Accept (`POST /api/order_booked/{id}`: Booked, by the station) or decline
 * (`POST /api/order_canceled/{id}?cancel_reason=`) a new order; every order list of the station is
 * refreshed 500 ms after the answer, whatever it was (a failure may mean someone else answered first).
 */
export function useAnswerOrder(stationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, answer }: { orderId: string; answer: OrderAnswer }) =>
      answer.kind === 'accept'
        ? api<unknown>(`/order_booked/${encodeURIComponent(orderId)}`, { method: 'POST' })
        : api<unknown>(`/order_canceled/${encodeURIComponent(orderId)}`, {
            method: 'POST',
            query: { cancel_reason: answer.reason },
            body: answer.comment ? { cancel_comment: answer.comment } : undefined,
          }),
    onSettled: () => {
      // Not tied to the component: the blocking modal may close as soon as its last order is answered.
      window.setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: ['orders', stationId] }),
        ANSWER_REFRESH_MS,
      );
    },
  });
}
