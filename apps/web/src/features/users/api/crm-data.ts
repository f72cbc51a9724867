import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CrmData } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { pageIsUp } from '../../../lib/after-page';
import { getSessionUserId } from '../../../lib/session';

/** `GET /api/user/get_crm_data/{id}`, cached 5 min (S1 §7). */
export const crmDataQuery = (userId: string | null) =>
  queryOptions({
    queryKey: ['crm-data', userId],
    queryFn: async () => (await api<{ crm_data: CrmData }>(`/user/get_crm_data/${userId}`)).crm_data,
    enabled: !!userId,
    staleTime: 5 * 60_000,
  });

/**
 * The part of the CRM data that `select` picks; undefined until it is loaded. The component re-renders
 * only when that part changes: the push prompt writes its session count into the CRM data after every
 * arrival, and the whole shell re-rendering for it was a blocking task of ≈ 65 ms at 4× CPU (issue 40).
 */
export function useCrmData<T>(
  select: (data: CrmData) => T,
  /** Not read before the page is up (lib/after-page.tsx): for what no first screen shows. */
  { oncePageUp = false }: { oncePageUp?: boolean } = {},
): T | undefined {
  const userId = getSessionUserId();
  const enabled = oncePageUp ? () => !!userId && pageIsUp() : !!userId;
  return useQuery({ ...crmDataQuery(userId), enabled, select }).data;
}

/** For useCrmData: whether the first-visit tour has been seen (the shell and its tour both ask). */
export const hasSeenTutorial = (data: CrmData) => data.hasSeenTutorial === true;

/** For useCrmData: whether the cookie banner is still unanswered (S1 §1). */
export const cookiesUnanswered = (data: CrmData) => data.cookiesConsent === undefined;

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
