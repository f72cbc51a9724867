import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Order, OrderMove } from '@crm/shared';
import { api } from '../../../lib/api-client';

export interface MoveRequest {
  orderId: string;
  body: OrderMove;
}

/** `POST /api/own_order/move/{id}`: an own order to another time and/or box (drag, resize, Alt+arrows). */
export const moveOrderCall = ({ orderId, body }: MoveRequest) =>
  api<{ order: Order }>(`/own_order/move/${encodeURIComponent(orderId)}`, { method: 'POST', body });

type Snapshot = [QueryKey, Order[] | undefined][];

/**
 * The move with optimistic placement: every loaded order list of the station shows the order at its new
 * place at once; a refusal puts the lists back as they were (the card snaps back) and the caller shows
 * the server's message. Either way the lists are reloaded afterwards.
 */
export function useMoveOrder(stationId: string) {
  const client = useQueryClient();
  const lists = { queryKey: ['orders', stationId, 'list'] };
  return useMutation({
    mutationFn: moveOrderCall,
    onMutate: async ({ orderId, body }): Promise<Snapshot> => {
      // A list refetch landing mid-move would draw the old place over the optimistic one.
      await client.cancelQueries(lists);
      const before = client.getQueriesData<Order[]>(lists);
      client.setQueriesData<Order[]>(lists, (orders) =>
        orders?.map((o) =>
          o.id === orderId
            ? {
                ...o,
                booking_start: body.booking_start,
                booking_end: body.booking_end,
                box_number: body.box_number,
              }
            : o,
        ),
      );
      return before;
    },
    onError: (_error, _request, before) => {
      for (const [key, data] of before ?? []) client.setQueryData(key, data);
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['orders', stationId] }),
  });
}
