import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentSubscription, readPushPermission, type PushPermission } from './push-client';

export interface BrowserPush {
  permission: PushPermission;
  /** This browser's subscription endpoint, if it has one. */
  endpoint: string | null;
}

/**
 * What this browser says about push, kept in the query cache like server state: the switch, the prompt and
 * the status call (which needs the endpoint) read one answer, and a toggle refreshes it for all of them.
 * Re-read on focus: the user may have changed the permission in the browser's site settings meanwhile.
 */
export const browserPushQuery = queryOptions({
  queryKey: ['notifications', 'browser'],
  queryFn: async (): Promise<BrowserPush> => {
    const permission = readPushPermission();
    if (permission === 'unsupported') return { permission, endpoint: null };
    const subscription = await currentSubscription().catch(() => null);
    return { permission, endpoint: subscription?.endpoint ?? null };
  },
  staleTime: Infinity,
  refetchOnWindowFocus: 'always',
  retry: false,
});

export function useBrowserPush() {
  return useQuery(browserPushQuery);
}
