import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationStatus } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { notificationStatusKey } from './notification-status';

/** `POST /api/notifications/settings`: which event goes to which channel; the answer updates the status. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      api<{ settings: NotificationSettings }>('/notifications/settings', {
        method: 'POST',
        body: { settings },
      }),
    onSuccess: ({ settings }) =>
      queryClient.setQueriesData<NotificationStatus>({ queryKey: notificationStatusKey }, (old) =>
        old ? { ...old, settings } : old,
      ),
  });
}
