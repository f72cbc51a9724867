import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CrmData } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { getSessionUserId } from '../../../lib/session';

/** `GET /api/user/get_crm_data/{id}`, cached 5 min (S1 §7). */
export const crmDataQuery = (userId: string | null) =>
  queryOptions({
    queryKey: ['crm-data', userId],
    queryFn: async () => (await api<{ crm_data: CrmData }>(`/user/get_crm_data/${userId}`)).crm_data,
    enabled: !!userId,
    staleTime: 5 * 60_000,
  });

export function useCrmData() {
  return useQuery(crmDataQuery(getSessionUserId()));
}

/** `POST /api/user/update_crm_data/{id}`: merges the given members into the stored CRM data. */
export function useUpdateCrmData() {
  const queryClient = useQueryClient();
  const userId = getSessionUserId();
  return useMutation({
    mutationFn: (patch: CrmData) =>
      api<{ crm_data: CrmData }>(`/user/update_crm_data/${userId}`, {
        method: 'POST',
        body: { crm_data: patch },
      }),
    onSuccess: (data) => queryClient.setQueryData(crmDataQuery(userId).queryKey, data.crm_data),
  });
}
