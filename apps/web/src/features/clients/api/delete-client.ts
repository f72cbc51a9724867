import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DriverResponse } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/drivers/delete/{id}` (DESIGN §4: a change is never a GET): a soft delete. */
export function useDeleteClient(networkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api<DriverResponse>(`/drivers/delete/${encodeURIComponent(id)}`, { method: 'POST' })).driver,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['drivers', networkId] }),
  });
}
