import { useMutation } from '@tanstack/react-query';
import type { OrderCreate, OrderUpdate } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/create_order/{stationId}` (S1 §3 create payload). */
export function useCreateOrder(stationId: string) {
  return useMutation({
    mutationFn: (body: OrderCreate) =>
      api<unknown>(`/create_order/${encodeURIComponent(stationId)}`, { method: 'POST', body }),
  });
}

/** `POST /api/own_order/update/{id}`: own orders only (others answer 403). */
export function useUpdateOrder(orderId: string) {
  return useMutation({
    mutationFn: (body: OrderUpdate) =>
      api<unknown>(`/own_order/update/${encodeURIComponent(orderId)}`, { method: 'POST', body }),
  });
}
