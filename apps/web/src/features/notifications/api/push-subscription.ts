import type { PushSubscriptionJson } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/notifications/subscribe`: the server keeps this browser's subscription for the caller. */
export function postPushSubscription(subscription: PushSubscriptionJson) {
  return api<{ success: boolean }>('/notifications/subscribe', { method: 'POST', body: { subscription } });
}

/** `POST /api/notifications/unsubscribe`: forget this browser (by its endpoint). */
export function postPushUnsubscription(endpoint: string) {
  return api<{ success: boolean }>('/notifications/unsubscribe', { method: 'POST', body: { endpoint } });
}
