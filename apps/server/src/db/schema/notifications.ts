import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { stations } from './stations';
import { orders } from './orders';

/**
 * The audit trail of every order change and the transactional outbox (DESIGN §7): one row per change,
 * written in the change's own transaction. `fanned_out_at` is set once the dispatcher has turned the row
 * into deliveries (or decided nobody is to be told).
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** created, updated, moved, status, payment, blocked, unblocked, soon (shared `orderEventActions`). */
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** user, partner or system. */
    actorKind: text('actor_kind').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The order's source at the time (Own, Yandex, Benzuber…). */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    fannedOutAt: timestamp('fanned_out_at', { withTimezone: true }),
  },
  (t) => [
    index('order_events_order').on(t.orderId, t.id),
    index('order_events_pending')
      .on(t.id)
      .where(sql`${t.fannedOutAt} is null`),
    // An order is «soon» once: the scanner may run on several instances.
    uniqueIndex('order_events_soon_once')
      .on(t.orderId)
      .where(sql`${t.action} = 'soon'`),
  ],
);

/**
 * One message to one recipient on one channel. The unique key makes a delivery at most once per
 * recipient and channel; `locked_until` is the lease of the instance sending it (claimed with
 * `FOR UPDATE SKIP LOCKED`), so a crash mid-send is retried after the lease, never by two at once.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => orderEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** push or telegram. */
    channel: text('channel').notNull(),
    /** push: the subscription id; telegram: the chat id. */
    recipient: text('recipient').notNull(),
    /** pending, sent, failed (gave up after the retries) or dropped (recipient gone). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_once').on(t.eventId, t.channel, t.recipient),
    index('notification_deliveries_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A browser's Web Push subscription (S1 §7 `/push/*`, `/api/notifications/*`). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user').on(t.userId)],
);

/** One-time codes of the Telegram deep link `/start <code>` (hashed, like invitation tokens). */
export const telegramLinkCodes = pgTable('telegram_link_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Server-held keys made at first start (the VAPID key pair when not given in the environment). */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
