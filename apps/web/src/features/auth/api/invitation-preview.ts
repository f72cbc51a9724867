import type { InvitationPreview } from '@crm/shared';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/station/invitations/preview` `{station_id, token}`: who invites the visitor where, shown on
 * the sign-in page before he has an account. Silent: a stale link is said on the invitation page itself.
 */
export function fetchInvitationPreview(stationId: string, token: string): Promise<InvitationPreview> {
  return api<InvitationPreview>('/station/invitations/preview', {
    method: 'POST',
    body: { station_id: stationId, token },
    silent: true,
    timeoutMs: 10_000,
  });
}
