import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationCreateBody, InvitationCreated } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { stationInvitationsKey } from './station-invitations';

/**
 * `POST /api/station/invitations/{stationId}`: a new link. Its token comes back only in this answer,
 * so the card shows it right away; the list is refetched to include the new row.
 */
export function useCreateInvitation(stationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationCreateBody) =>
      api<InvitationCreated>(`/station/invitations/${encodeURIComponent(stationId)}`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stationInvitationsKey(stationId) }),
  });
}
