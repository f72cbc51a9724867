import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartnerCreate } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { partnersKey } from './partners';
import type { PartnerSecret } from './rotate-partner-secret';

/**
 * `POST /api/admin/partners` → 201 `{id, secret}`. The secret lives only in the mutation's result (held by
 * the modal that shows it, gone with it); the list is refetched, never given the secret.
 */
export function useCreatePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    // The secret must not outlive its window: dropped from the mutation cache once the page lets go of it.
    gcTime: 0,
    mutationFn: (body: PartnerCreate) => api<PartnerSecret>('/admin/partners', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnersKey }),
  });
}
