import { queryOptions } from '@tanstack/react-query';
import type { Invitation } from '@crm/shared';
import { api } from '../../../lib/api-client';

export const stationInvitationsKey = (stationId: string) => ['station-invitations', stationId] as const;

/** `GET /api/station/invitations/{stationId}`: the station's active invitation links, without tokens. */
export const stationInvitationsQuery = (stationId: string) =>
  queryOptions({
    queryKey: stationInvitationsKey(stationId),
    queryFn: async () =>
      (await api<{ invitations: Invitation[] }>(`/station/invitations/${encodeURIComponent(stationId)}`))
        .invitations,
  });
