import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Driver, DriverCreate } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/drivers/create`. */
export function useCreateClient(networkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DriverCreate) =>
      (await api<{ id: string; driver: Driver }>('/drivers/create', { method: 'POST', body })).driver,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['drivers', networkId] }),
  });
}
