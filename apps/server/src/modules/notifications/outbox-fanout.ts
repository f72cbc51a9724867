import { eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  cancelledStatuses,
  withDefaultSettings,
  type NotificationEvent,
  type NotificationSettings,
  type OrderStatus,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { memberships, notificationDeliveries, orderEvents, orders, stations, users } from '../../db/schema';
import type { ChannelSender, ChannelTarget } from './channels';
import { fanOutPartnerCallbacks } from '../partners/partner-callbacks';

/** What people are told of an order event, or null for the changes nobody is notified of. */
export function notificationEventOf(event: { action: string; toStatus: string }): NotificationEvent | null {
  if (event.action === 'created') return 'new_order';
  if (event.action === 'soon') return 'order_soon';
  if (event.action === 'status' && event.toStatus === 'UserCanceled') return 'client_cancel';
  return null;
}

interface ClaimedEvent {
  id: number;
  action: string;
  toStatus: string;
  actorUserId: string | null;
  networkId: string;
  orderStatus: string;
  orderType: string;
}

/** A new order is news only while it is a real, live booking (a blocker or one cancelled since is not). */
function eventFor(row: ClaimedEvent): NotificationEvent | null {
  const event = notificationEventOf(row);
  if (event !== 'new_order') return event;
  const live =
    row.orderType !== 'BlockerBookingSlot' && !cancelledStatuses.includes(row.orderStatus as OrderStatus);
  return live ? event : null;
}

interface Member {
  networkId: string;
  userId: string;
  settings: NotificationSettings;
}

/**
 * Stage 1: turns up to `batch` new order events into deliveries, one per recipient and channel, and
 * marks them fanned out, all in one transaction: a crash leaves either nothing or everything. Rows
 * claimed by another instance are skipped. Returns how many events it took.
 */
export async function fanOutBatch(db: Database, channels: readonly ChannelSender[], batch: number) {
  return db.transaction(async (tx) => {
    const claimed: ClaimedEvent[] = await tx
      .select({
        id: orderEvents.id,
        action: orderEvents.action,
        toStatus: orderEvents.toStatus,
        actorUserId: orderEvents.actorUserId,
        networkId: stations.networkId,
        orderStatus: orders.status,
        orderType: orders.orderType,
      })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .innerJoin(stations, eq(stations.id, orderEvents.stationId))
      .where(isNull(orderEvents.fannedOutAt))
      .orderBy(orderEvents.id)
      .limit(batch)
      .for('update', { of: orderEvents, skipLocked: true });
    if (claimed.length === 0) return 0;

    const notable = claimed.flatMap((row) => {
      const event = eventFor(row);
      return event ? [{ row, event }] : [];
    });
    const networkIds = [...new Set(notable.map((n) => n.row.networkId))];
    const members: Member[] =
      networkIds.length === 0
        ? []
        : (
            await tx
              .select({
                networkId: memberships.networkId,
                userId: users.id,
                settings: users.notificationSettings,
              })
              .from(memberships)
              .innerJoin(users, eq(users.id, memberships.userId))
              .where(inArray(memberships.networkId, networkIds))
          ).map((m) => ({ ...m, settings: withDefaultSettings(m.settings) }));

    const rows: (typeof notificationDeliveries.$inferInsert)[] = [];
    for (const channel of channels) {
      const wanted = notable.map(({ row, event }) => ({
        eventId: row.id,
        userIds: members
          .filter(
            (m) =>
              m.networkId === row.networkId &&
              m.userId !== row.actorUserId &&
              m.settings[event][channel.channel],
          )
          .map((m) => m.userId),
      }));
      const userIds = [...new Set(wanted.flatMap((w) => w.userIds))];
      if (userIds.length === 0) continue;
      const byUser = new Map<string, ChannelTarget[]>();
      for (const target of await channel.targets(tx as unknown as Database, userIds)) {
        byUser.set(target.userId, [...(byUser.get(target.userId) ?? []), target]);
      }
      for (const { eventId, userIds: recipients } of wanted) {
        for (const userId of recipients) {
          for (const target of byUser.get(userId) ?? []) {
            rows.push({ eventId, userId, channel: channel.channel, recipient: target.recipient });
          }
        }
      }
    }
    if (rows.length > 0) await tx.insert(notificationDeliveries).values(rows).onConflictDoNothing();
    // The partner channel (issue 36): status callbacks for partners' orders, in the same transaction.
    await fanOutPartnerCallbacks(
      tx,
      claimed.map((c) => c.id),
    );
    await tx
      .update(orderEvents)
      .set({ fannedOutAt: sql`now()` })
      .where(
        inArray(
          orderEvents.id,
          claimed.map((c) => c.id),
        ),
      );
    return claimed.length;
  });
}
