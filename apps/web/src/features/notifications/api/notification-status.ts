import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationStatus } from '@crm/shared';
import { api } from '../../../lib/api-client';

export const notificationStatusKey = ['notifications', 'status'] as const;

/**
 * `GET /api/notifications/status?endpoint=`: with this browser's endpoint, whether THIS browser is
 * subscribed; without one (no subscription here), the key and settings only.
 */
export const notificationStatusQuery = (endpoint: string | null) =>
  queryOptions({
    queryKey: [...notificationStatusKey, endpoint],
    queryFn: () =>
      api<NotificationStatus>('/notifications/status', { query: endpoint ? { endpoint } : undefined }),
    staleTime: 60_000,
  });

export function useNotificationStatus(endpoint: string | null, enabled = true) {
  // A new endpoint (just subscribed) keeps the page on screen while its status loads.
  return useQuery({ ...notificationStatusQuery(endpoint), enabled, placeholderData: keepPreviousData });
}
