import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DriverResponse } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/drivers/restore/{id}`: 409 when an active client has taken the phone meanwhile. */
export function useRestoreClient(networkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api<DriverResponse>(`/drivers/restore/${encodeURIComponent(id)}`, { method: 'POST' })).driver,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['drivers', networkId] }),
  });
}
