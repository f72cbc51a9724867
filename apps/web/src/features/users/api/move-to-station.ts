import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@crm/shared';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/user/move_to_station/{stationId}/{userId}` (S1 §7): the invitation link joins the caller to
 * the station's network. The user's networks and stations change, so both are refetched.
 */
export function useMoveToStation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ stationId, userId }: { stationId: string; userId: string }) =>
      (
        await api<{ user: User }>(
          `/user/move_to_station/${encodeURIComponent(stationId)}/${encodeURIComponent(userId)}`,
          { method: 'POST' },
        )
      ).user,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['user'] }),
        queryClient.invalidateQueries({ queryKey: ['stations'] }),
      ]);
    },
  });
}
