import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DriverResponse, DriverUpdate } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/drivers/update/{id}`: only the fields sent change. */
export function useUpdateClient(networkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: DriverUpdate }) =>
      (await api<DriverResponse>(`/drivers/update/${encodeURIComponent(id)}`, { method: 'POST', body }))
        .driver,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['drivers', networkId] }),
  });
}
