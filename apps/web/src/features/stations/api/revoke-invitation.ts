import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { stationInvitationsKey } from './station-invitations';

/** `POST /api/station/invitations/revoke/{id}`: the link stops working; it leaves the list at once. */
export function useRevokeInvitation(stationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await api<{ invitation: Invitation }>(`/station/invitations/revoke/${encodeURIComponent(id)}`, {
          method: 'POST',
        })
      ).invitation,
    onSuccess: (revoked) => {
      queryClient.setQueryData<Invitation[]>(stationInvitationsKey(stationId), (list) =>
        list?.filter((i) => i.id !== revoked.id),
      );
      return queryClient.invalidateQueries({ queryKey: stationInvitationsKey(stationId) });
    },
  });
}
