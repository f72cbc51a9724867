import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { stations } from './stations';
import { orders } from './orders';
import { orderEvents } from './notifications';

/**
 * A partner that books into stations (Yandex, Benzuber; issue 36, DESIGN §9). The secrets are Standard
 * Webhooks `whsec_…` keys: they sign the partner's requests and our callbacks. After a rotation the
 * previous one stays valid until `previous_secret_valid_until` (24 h).
 */
export const partners = pgTable('partners', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The order source its bookings carry: Yandex or Benzuber. */
  source: text('source').notNull(),
  callbackUrl: text('callback_url').notNull(),
  secret: text('secret').notNull(),
  previousSecret: text('previous_secret'),
  previousSecretValidUntil: timestamp('previous_secret_valid_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A station connected to a partner, under the station's id at the partner (its `carwash_id`, say). */
export const stationPartners = pgTable(
  'station_partners',
  {
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    partnerStationId: text('partner_station_id').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.stationId, t.partnerId] }),
    uniqueIndex('station_partners_partner_station').on(t.partnerId, t.partnerStationId),
  ],
);

/**
 * The idempotency record of `POST /api/partner/v1/bookings`: one row per (partner, partner order id),
 * written in the booking's own transaction, holding the request's hash and the answer given, so a
 * duplicate gets the same answer and a different body under the same id a 422.
 */
export const partnerBookings = pgTable(
  'partner_bookings',
  {
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    partnerOrderId: text('partner_order_id').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    stationId: uuid('station_id').references(() => stations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.partnerOrderId] }),
    index('partner_bookings_order').on(t.orderId),
  ],
);

/** `webhook-id`s seen per partner within the signature tolerance: a second use is a replay (401). */
export const partnerWebhookIds = pgTable(
  'partner_webhook_ids',
  {
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    webhookId: text('webhook_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.webhookId] }),
    index('partner_webhook_ids_seen').on(t.seenAt),
  ],
);

/**
 * A status callback to a partner (the outbox's partner channel): one per order event worth telling,
 * delivered in order per order, retried with back-off until the partner answers 2xx. No personal data.
 */
export const partnerCallbacks = pgTable(
  'partner_callbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => orderEvents.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    partnerOrderId: text('partner_order_id').notNull(),
    /** booking.accepted, booking.declined, … (shared `partnerCallbackTypes`). */
    type: text('type').notNull(),
    /** The order's status this event moved it to (the payload's `status`). */
    toStatus: text('to_status').notNull(),
    /**
     * The order's row when the callback was made (fan-out, right after the change): every try sends the
     * same booking, not one moved or paid later. Null in rows made before it existed: they send the order
     * as it is.
     */
    orderSnapshot: jsonb('order_snapshot'),
    /** pending or sent. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The partner's last HTTP status; null while it never answered. */
    statusCode: integer('status_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partner_callbacks_event').on(t.eventId),
    index('partner_callbacks_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('partner_callbacks_order').on(t.orderId, t.id),
    index('partner_callbacks_station').on(t.stationId, t.id),
    index('partner_callbacks_partner').on(t.partnerId, t.status),
  ],
);

/** Every request a partner made to the API (the «in» side of the exchange log). No personal data. */
export const partnerRequests = pgTable(
  'partner_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    stationId: uuid('station_id').references(() => stations.id, { onDelete: 'cascade' }),
    /** booking.create, booking.cancel, booking.reschedule, booking.read, availability. */
    kind: text('kind').notNull(),
    partnerOrderId: text('partner_order_id'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    statusCode: integer('status_code').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Room for the answer's error code; never the request body. */
    detail: jsonb('detail'),
  },
  (t) => [
    index('partner_requests_station').on(t.stationId, t.id),
    index('partner_requests_partner').on(t.partnerId, t.id),
  ],
);
