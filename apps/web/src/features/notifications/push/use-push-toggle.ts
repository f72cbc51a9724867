import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationMessages, type NotificationStatus } from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { notificationStatusKey, notificationStatusQuery } from '../api/notification-status';
import { postPushSubscription, postPushUnsubscription } from '../api/push-subscription';
import { browserPushQuery } from './browser-push';
import { currentSubscription, PushSetupError, readPushPermission, subscribeThisBrowser } from './push-client';

/** The failure in the spec's words (S1 §8 «Push»); a server answer keeps its own message. */
function failureText(error: unknown): string | ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof PushSetupError && error.reason === 'unsupported')
    return notificationMessages.unsupported;
  return notificationMessages.subscriptionFailed;
}

/**
 * Turns push on or off for THIS browser: on is the worker, the permission, the subscription with the
 * server's key and the server call (S2 §4); off is the server call, then the browser's own unsubscribe, so
 * a failed call changes nothing.
 */
export function usePushToggle() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (on: boolean): Promise<string | null> => {
      if (on) {
        const status = await queryClient.fetchQuery(notificationStatusQuery(null));
        const subscription = await subscribeThisBrowser(status.publicKey);
        await postPushSubscription(subscription);
        return subscription.endpoint;
      }
      const subscription = await currentSubscription();
      if (!subscription) return null;
      await postPushUnsubscription(subscription.endpoint);
      await subscription.unsubscribe();
      return null;
    },
    // Turning push on is the prompt's goal, not an action that should bring the prompt.
    meta: { significant: false },
    onSuccess: (endpoint, on) => {
      // The answer is known: the switch shows it at once instead of after the two reads below.
      const [, previous] =
        queryClient
          .getQueriesData<NotificationStatus>({ queryKey: notificationStatusKey })
          .find(([, data]) => data) ?? [];
      if (previous)
        queryClient.setQueryData(notificationStatusQuery(endpoint).queryKey, {
          ...previous,
          isSubscribed: on,
        });
      queryClient.setQueryData(browserPushQuery.queryKey, { permission: readPushPermission(), endpoint });
      notify.success(on ? notificationMessages.enabled : notificationMessages.disabled);
    },
    onError: (error) => notify.error(failureText(error)),
    // Permission or subscription may have changed even when a step failed.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: browserPushQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: notificationStatusKey });
    },
  });
}
