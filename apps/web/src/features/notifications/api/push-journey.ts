import type { QueryClient } from '@tanstack/react-query';
import type { CrmData, PushPromptState } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { crmDataQuery } from '../../users/api/crm-data';

/** The prompt's part of the CRM data as the cache has it; undefined until the CRM data is loaded. */
export function readPushJourney(queryClient: QueryClient, userId: string): PushPromptState | null {
  const data = queryClient.getQueryData(crmDataQuery(userId).queryKey);
  return data ? (data.pushNotifications ?? {}) : null;
}

/**
 * `POST /api/user/update_crm_data/{id}` with the prompt's state. A plain call, not a mutation: the prompt
 * counts successful mutations as significant actions, and its own bookkeeping must not count. The cache is
 * updated first, so actions in quick succession each build on the one before.
 */
export function savePushJourney(queryClient: QueryClient, userId: string, next: PushPromptState) {
  const key = crmDataQuery(userId).queryKey;
  queryClient.setQueryData(key, (old: CrmData | undefined) => ({ ...old, pushNotifications: next }));
  return api<{ crm_data: CrmData }>(`/user/update_crm_data/${userId}`, {
    method: 'POST',
    body: { crm_data: { pushNotifications: next } },
  });
}
