import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CarClass } from '@crm/shared';
import { networks } from './users';
import { stations } from './stations';

/**
 * A station's tariff (S2 §3): own tariffs are the station's, provider ('yandex') tariffs mirror what
 * the partner sells. Prices and durations are per car class.
 */
export const tariffs = pgTable(
  'tariffs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'own' | 'yandex'>().notNull(),
    /** Stable short key (express, complex, maximum) used by the wizard and partner tariffs. */
    code: text('code'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /** Prices switched on (S2 «price_active»). */
    priceActive: boolean('price_active').notNull().default(true),
    durationByClass: jsonb('duration_by_class')
      .$type<Partial<Record<CarClass, number>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    priceByClass: jsonb('price_by_class')
      .$type<Partial<Record<CarClass, number>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    includeServices: jsonb('include_services')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    extraServices: jsonb('extra_services')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tariffs_station').on(t.stationId, t.kind)],
);

/** Additional services of a station per tariff kind: a global flag and a price per car class. */
export const additionalServices = pgTable(
  'additional_services',
  {
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'own' | 'yandex'>().notNull(),
    serviceKey: text('service_key').notNull(),
    active: boolean('active').notNull().default(true),
    /** car class → { price, active } */
    prices: jsonb('prices')
      .$type<Partial<Record<CarClass, { price: number; active: boolean }>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.kind, t.serviceKey] })],
);

/** Clients (drivers) of a network (S2 §3). */
export const drivers = pgTable(
  'drivers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    networkId: uuid('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    surname: text('surname').notNull().default(''),
    /** '+' plus digits. */
    phone: text('phone').notNull(),
    discount: integer('discount').notNull().default(0),
    cars: jsonb('cars')
      .$type<{ brand: string; model: string; plate_number?: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('drivers_network').on(t.networkId), index('drivers_network_phone').on(t.networkId, t.phone)],
);
