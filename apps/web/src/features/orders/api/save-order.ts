import type { OrderCreate, OrderUpdate } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { useSave } from '../../../lib/use-save';

/** `POST /api/create_order/{stationId}` (S1 §3 create payload). */
export function useCreateOrder(stationId: string) {
  return useSave((body: OrderCreate) =>
    api<unknown>(`/create_order/${encodeURIComponent(stationId)}`, { method: 'POST', body }),
  );
}

/** `POST /api/own_order/update/{id}`: own orders only (others answer 403). */
export function useUpdateOrder(orderId: string) {
  return useSave((body: OrderUpdate) =>
    api<unknown>(`/own_order/update/${encodeURIComponent(orderId)}`, { method: 'POST', body }),
  );
}
