import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Station, StationUpdate } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/station/update/{id}` (S1 §7): any subset of the editable fields. */
export function useUpdateStation(stationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: StationUpdate) =>
      (await api<{ station: Station }>(`/station/update/${stationId}`, { method: 'POST', body })).station,
    onSuccess: async (station) => {
      queryClient.setQueryData(['station', stationId], station);
      await queryClient.invalidateQueries({ queryKey: ['stations'] });
    },
  });
}
