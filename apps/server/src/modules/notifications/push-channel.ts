import { eq, inArray } from 'drizzle-orm';
import { notificationTimings, type NotificationEvent } from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { pushSubscriptions } from '../../db/schema';
import type { ChannelSender, NotificationMessage } from './channels';
import { pushToSubscription, vapidKeyStore, type PushPayload } from './push.service';

const eventTitles: Record<NotificationEvent, string> = {
  new_order: 'Новая запись',
  client_cancel: 'Клиент отменил запись',
  order_soon: 'Скоро начнётся',
};

/**
 * How long a push service may hold a message for an offline phone: a «soon» notice is stale once the
 * order has started; the others still matter on the day.
 */
const ttlSeconds: Record<NotificationEvent, number> = {
  new_order: 12 * 60 * 60,
  client_cancel: 12 * 60 * 60,
  order_soon: notificationTimings.soonMinutes * 60,
};

/** «Новая запись · Мойка на Ленина» / «Toyota Camry А123ВС77 · 25.11 07:55–08:25 · бокс 2». */
export function pushPayloadOf(message: NotificationMessage): PushPayload {
  const { order } = message;
  return {
    title: `${eventTitles[message.event]} · ${message.station.name}`,
    body: `${order.car} · ${order.time} · бокс ${order.box}`,
    url: message.url,
    // One notification per order on the phone: a cancellation replaces the «new order» it cancels.
    tag: `order-${order.id}`,
    orderId: order.id,
  };
}

/** The same replacement at the push service: a uuid without dashes fits RFC 8030's 32-character topic. */
const topicOf = (orderId: string) => orderId.replace(/-/g, '').slice(0, 32);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Web Push as an outbox channel: one target per stored subscription of the user. */
export function createPushChannel(deps: AppDeps): ChannelSender {
  const vapidKeys = vapidKeyStore(deps.db, deps.config);
  return {
    channel: 'push',
    async targets(db, userIds) {
      if (userIds.length === 0) return [];
      const rows = await db
        .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, userIds));
      return rows.map((row) => ({ userId: row.userId, recipient: row.id }));
    },
    async send(db, recipient, message) {
      if (!uuidPattern.test(recipient)) return 'gone';
      const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, recipient));
      // Unsubscribed (or moved to another user) since the delivery was planned.
      if (!row) return 'gone';
      return pushToSubscription(db, deps.adapters.webPush, await vapidKeys(), row, pushPayloadOf(message), {
        ttlSeconds: ttlSeconds[message.event],
        topic: topicOf(message.order.id),
      });
    },
  };
}
