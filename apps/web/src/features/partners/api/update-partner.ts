import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Partner, partnerUpdateSchema } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { partnersKey } from './partners';

export type PartnerUpdate = z.infer<typeof partnerUpdateSchema>;

/** `POST /api/admin/partners/{partnerId}`: rename or move the callback. */
export function useUpdatePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PartnerUpdate }) =>
      api<Partner>(`/admin/partners/${encodeURIComponent(id)}`, { method: 'POST', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData<Partner[]>(partnersKey, (list) =>
        list?.map((p) => (p.id === saved.id ? saved : p)),
      );
    },
  });
}
