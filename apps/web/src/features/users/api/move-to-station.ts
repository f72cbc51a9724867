import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MoveToStationBody, User } from '@crm/shared';
import { api } from '../../../lib/api-client';

interface MoveToStationInput {
  stationId: string;
  userId: string;
  /** The invitation link's token; without a valid one the server refuses (DESIGN §10). */
  token: string;
}

/**
 * `POST /api/user/move_to_station/{stationId}/{userId}` (S1 §7): the invitation link joins the caller to
 * the station's network. The user's networks and stations change, so both are refetched.
 */
export function useMoveToStation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ stationId, userId, token }: MoveToStationInput) =>
      (
        await api<{ user: User }>(
          `/user/move_to_station/${encodeURIComponent(stationId)}/${encodeURIComponent(userId)}`,
          // Silent: a failure report would carry the request body, and with it the token, into the logs.
          { method: 'POST', body: { token } satisfies MoveToStationBody, silent: true },
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
