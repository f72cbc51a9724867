import { useMutation } from '@tanstack/react-query';
import type { User } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/wizard/finish/{stationId}` (S2 §7, a POST per DESIGN §4): ends first-time setup. */
export function useFinishWizard() {
  return useMutation({
    mutationFn: async (stationId: string) =>
      (await api<{ user: User }>(`/wizard/finish/${encodeURIComponent(stationId)}`, { method: 'POST' })).user,
  });
}
