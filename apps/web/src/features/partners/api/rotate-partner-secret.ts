import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { partnerSecretSchema } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { partnersKey } from './partners';

export type PartnerSecret = z.infer<typeof partnerSecretSchema>;

/** `POST /api/admin/partners/{partnerId}/rotate-secret`: a new secret, the old one valid 24 h more. */
export function useRotatePartnerSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    // The secret must not outlive its window: dropped from the mutation cache once the page lets go of it.
    gcTime: 0,
    mutationFn: (partnerId: string) =>
      api<PartnerSecret>(`/admin/partners/${encodeURIComponent(partnerId)}/rotate-secret`, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnersKey }),
  });
}
