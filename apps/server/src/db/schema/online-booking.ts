import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stations } from './stations';
import { orders } from './orders';

/**
 * A station's online-booking settings (issue 37) beyond the station's own `days_to_alive` and
 * `autoaccept_booking` (which stay on `stations`): the public code of `/book/{code}`, whether the page takes
 * bookings, the phone it shows and what it offers. A row exists once the owner opened the settings (or the
 * demo seeded it). `enabled` is the page's own flag: the station's `enable_booking` is its strategy's
 * «Заказы из Яндекса» (S2 §2), which the public page never switches.
 */
export const onlineBookingSettings = pgTable('online_booking_settings', {
  stationId: uuid('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  /** [a-z0-9]{6,12}; a new one replaces it and the old link stops working. */
  code: text('code').notNull().unique(),
  /** The page takes bookings; off until the owner turns it on. */
  enabled: boolean('enabled').notNull().default(false),
  /** The phone drivers call (+7…), shown on the page; null: none given. */
  phone: text('phone'),
  /** Own tariffs offered; null = every active own tariff. */
  tariffIds: jsonb('tariff_ids').$type<string[]>(),
  /** Additional services offered; null = every one a tariff prices. */
  serviceKeys: jsonb('service_keys').$type<string[]>(),
  minNoticeMinutes: integer('min_notice_minutes').notNull().default(60),
  cancelCutoffMinutes: integer('cancel_cutoff_minutes').notNull().default(60),
  maxOpenPerPhone: integer('max_open_per_phone').notNull().default(2),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One booking a driver made on the public page: the order it is, the SHA-256 of its manage token (the
 * token itself is never stored), the name and phone he gave, his consent (152-ФЗ) and a data-removal
 * request. The phone is kept here normalised (+7…) to count his open bookings per station.
 */
export const onlineBookings = pgTable(
  'online_bookings',
  {
    /** The data-removal request's id on the owner's side; never shown publicly. */
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** hex SHA-256 of the manage token. */
    tokenHash: text('token_hash').notNull().unique(),
    /** '' once the owner confirmed a data-removal request. */
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    /** Which consent text the driver agreed to, and the operator it named («ООО Ромашка, ИНН …»). */
    consentVersion: text('consent_version').notNull(),
    consentOperator: text('consent_operator').notNull().default(''),
    removalRequestedAt: timestamp('removal_requested_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('online_bookings_station_phone').on(t.stationId, t.phone)],
);
