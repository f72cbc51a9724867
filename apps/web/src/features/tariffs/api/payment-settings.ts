import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentSettings } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { tariffGcMs, tariffStaleMs } from './tariff-list';

const path = (stationId: string) => `/station/payment-settings/${encodeURIComponent(stationId)}`;

/** `GET /api/station/payment-settings/{id}` (S2 §3): min, step and max of an in-app payment. */
export const paymentSettingsQuery = (stationId: string) =>
  queryOptions({
    queryKey: ['tariffs', stationId, 'payment-settings'] as const,
    queryFn: ({ signal }) => api<PaymentSettings>(path(stationId), { signal }),
    staleTime: tariffStaleMs,
    gcTime: tariffGcMs,
  });

export function usePaymentSettings(stationId: string) {
  return useQuery(paymentSettingsQuery(stationId));
}

/** `POST /api/station/payment-settings/{id}`: owners and principals. */
export function useSavePaymentSettings(stationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentSettings) => api<PaymentSettings>(path(stationId), { method: 'POST', body }),
    onSuccess: (saved) => queryClient.setQueryData(paymentSettingsQuery(stationId).queryKey, saved),
  });
}
