import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LegalInfo } from '@crm/shared';
import { networks } from './users';

export const stations = pgTable(
  'stations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    networkId: uuid('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    /** Short public id used in partner links (S1 §3 carwash_id). */
    carwashId: text('carwash_id').notNull().unique(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    lon: doublePrecision('lon'),
    lat: doublePrecision('lat'),
    type: text('type').notNull().default('carwash'),
    /** Keys start_{Day} / end_{Day}, HH:mm. A day without both keys is a day off. */
    worktimeByDay: jsonb('worktime_by_day')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    timeZone: text('time_zone').notNull().default('Europe/Moscow'),
    slotDuration: integer('slot_duration').notNull().default(30),
    daysToAlive: integer('days_to_alive').notNull().default(30),
    enable: boolean('enable').notNull().default(true),
    enablePayment: boolean('enable_payment').notNull().default(false),
    enableBooking: boolean('enable_booking').notNull().default(true),
    autoacceptPayment: boolean('autoaccept_payment').notNull().default(false),
    autoacceptBooking: boolean('autoaccept_booking').notNull().default(false),
    stepCost: integer('step_cost').notNull().default(50),
    limitMinCost: integer('limit_min_cost').notNull().default(0),
    limitMaxCost: integer('limit_max_cost').notNull().default(50000),
    /** Strategy (S2 §2): a robot wash sells fixed tariffs; `enable_booking` and `enable_payment` are the other two flags. */
    enableRobot: boolean('enable_robot').notNull().default(false),
    /** Payment settings of the tariffs tab (S2 §3): the least, step and most a client may pay, rubles. */
    paymentMin: integer('payment_min').notNull().default(100),
    paymentStep: integer('payment_step').notNull().default(50),
    paymentMax: integer('payment_max').notNull().default(10000),
    /** Legal info (S2 §3 `legal_info`), saved from the settings' legal page; null until then. */
    legalInfo: jsonb('legal_info').$type<LegalInfo>(),
    legalUpdatedAt: timestamp('legal_updated_at', { withTimezone: true }),
    /** A station made for a wizard user that has not finished first-time setup. */
    awaitingSetup: boolean('awaiting_setup').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('stations_network').on(t.networkId)],
);

export const boxes = pgTable(
  'boxes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status').notNull().default('Free'),
  },
  (t) => [uniqueIndex('boxes_station_number').on(t.stationId, t.number)],
);
