import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Basket, ClientCar } from '@crm/shared';
import { networks, users } from './users';
import { stations } from './stations';
import { drivers } from './catalog';
import { foldedDdl, hasTextDdl } from '../sql-text';

/**
 * The SQL mirror of `meaningfulFieldCount` (packages/shared/src/orders/history.ts): the same eight fields,
 * tested the same way (text trimmed as JavaScript trims it). The history hides orders with three or fewer
 * (S1 §2). Change both together; orders.history.test.ts proves they agree on edge cases. Stored, because
 * computing it per row made an all-time history of a busy station ten times slower.
 */
const meaningfulFieldsDdl = `(${[
  hasTextDdl(`client_car->>'brand'`),
  hasTextDdl(`client_car->>'model'`),
  hasTextDdl(`client_car->>'plate_number'`),
  `(basket->>'tariff_id' is not null)`,
  `(sum > 0)`,
  `(driver_id is not null)`,
  `(case when jsonb_typeof(phones) = 'array' then jsonb_array_length(phones) > 0 else false end)`,
  hasTextDdl('comment'),
]
  .map((field) => `${field}::int`)
  .join(' + ')})`;

/** «brand model plate» as the history search compares it (folded: see sql-text.ts). */
const searchTextDdl = foldedDdl(
  ["client_car->>'brand'", "client_car->>'model'", "client_car->>'plate_number'"]
    .map((field) => `coalesce(${field}, '')`)
    .join(` || ' ' || `),
);

/** `normalizePhone` (packages/shared/src/drivers/phone.ts) in SQL, on the order's first phone. */
const phoneDigits = `regexp_replace(coalesce(phones->0->>'redirection_phone', ''), '[^0-9]', '', 'g')`;
const phoneKeyDdl = [
  `case when length(${phoneDigits}) = 10 then '+7' || ${phoneDigits}`,
  `when length(${phoneDigits}) = 11 and left(${phoneDigits}, 1) in ('7', '8') then '+7' || substr(${phoneDigits}, 2)`,
  'end',
].join(' ');

/**
 * An order occupies one wash box for [booking_start, booking_end). Two live (not cancelled) orders
 * never overlap on one box: the exclusion constraint `orders_no_overlap` (migration 0003, DESIGN §6)
 * holds for every write path. Blocked slots are `BlockerBookingSlot` orders, one per box.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The short number people say and type («№ 10234»); the uuid stays the id of the API. */
    number: integer('number').notNull().generatedAlwaysAsIdentity({ startWith: 10001 }),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    networkId: uuid('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    boxNumber: integer('box_number').notNull(),
    status: text('status').notNull(),
    source: text('source').notNull(),
    orderType: text('order_type').notNull().default('Booking'),
    bookingStart: timestamp('booking_start', { withTimezone: true }).notNull(),
    bookingEnd: timestamp('booking_end', { withTimezone: true }).notNull(),
    dateStart: timestamp('date_start', { withTimezone: true }),
    dateEnd: timestamp('date_end', { withTimezone: true }),
    dateCreate: timestamp('date_create', { withTimezone: true }).notNull().defaultNow(),
    extendedId: text('extended_id'),
    contractId: text('contract_id').notNull().default('Individual'),
    clientType: text('client_type').notNull().default('Individual'),
    driverId: uuid('driver_id').references(() => drivers.id, { onDelete: 'set null' }),
    phones: jsonb('phones')
      .$type<{ redirection_phone: string; ext?: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sum: integer('sum').notNull().default(0),
    sumCompleted: integer('sum_completed').notNull().default(0),
    sumManual: boolean('sum_manual').notNull().default(false),
    /** The client's discount applied when the order was priced (issue 11); 0 = none. */
    discountPercent: integer('discount_percent').notNull().default(0),
    /** The list price before that discount; null on orders priced before issue 11 (= sum). */
    sumBeforeDiscount: integer('sum_before_discount'),
    paymentMethod: text('payment_method').notNull().default('not_paid'),
    /** When the money was taken (the payment method left `not_paid`): revenue counts on this date. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    comment: text('comment').notNull().default(''),
    systemComment: text('system_comment').notNull().default(''),
    reason: text('reason'),
    clientCar: jsonb('client_car').$type<ClientCar>().notNull(),
    basket: jsonb('basket').$type<Basket>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    meaningfulFields: integer('meaningful_fields').notNull().generatedAlwaysAs(sql.raw(meaningfulFieldsDdl)),
    searchText: text('search_text').notNull().generatedAlwaysAs(sql.raw(searchTextDdl)),
    /** The first phone normalised like a client's ('+7…'), to find a client's orders by phone. */
    phoneKey: text('phone_key').generatedAlwaysAs(sql.raw(phoneKeyDdl)),
  },
  (t) => [
    index('orders_station_start').on(t.stationId, t.bookingStart),
    index('orders_station_paid').on(t.stationId, t.paidAt),
    index('orders_driver').on(t.driverId),
    index('orders_network_phone').on(t.networkId, t.phoneKey),
    index('orders_station_new')
      .on(t.stationId, t.bookingStart)
      .where(sql`${t.status} = 'Accepted'`),
  ],
);

/**
 * The version of a station's calendar (issue 15): raised by every order write in the statement that
 * records its event (order-event-bus.ts), so an unchanged week list answers 304 without reading orders.
 * A table of its own, not a column of `stations`: the settings lock the station row while they wait for
 * box locks that order writers hold, and the writers would then wait for the row. No row yet: the
 * station's `created_at` stands in (calendar-version.ts).
 */
export const stationCalendarVersions = pgTable('station_calendar_versions', {
  stationId: uuid('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  /** Microseconds since the epoch at the first write, then +1 per write: never repeats after a reseed. */
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * An order's booking overlaps [start, end): the same half-open ranges as the exclusion constraint that
 * keeps a box to one booking at a time (migration 0003), so a lookup and the constraint never disagree.
 */
export const bookingOverlaps = (start: Date, end: Date) =>
  sql`tstzrange(${orders.bookingStart}, ${orders.bookingEnd}, '[)') && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')`;
