import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Station, StationCreate } from '@crm/shared';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/station/create` (S1 §7). The station list is refreshed afterwards; so is the user, whose
 * networks change when this was their first station.
 */
export function useCreateStation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: StationCreate) =>
      (await api<{ data: Station }>('/station/create', { method: 'POST', body })).data,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['stations'] }),
        queryClient.invalidateQueries({ queryKey: ['user'] }),
      ]);
    },
  });
}
