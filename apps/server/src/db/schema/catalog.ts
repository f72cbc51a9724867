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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CarClass } from '@crm/shared';
import { networks } from './users';
import { foldedDdl } from '../sql-text';
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

/** Fixed tariffs of a robot wash (S2 §3): a described programme at one cost, switched on or off. */
export const fixedTariffs = pgTable(
  'fixed_tariffs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** Order on the page, as the owner saved the list. */
    position: integer('position').notNull(),
    description: text('description').notNull(),
    cost: integer('cost').notNull(),
    status: boolean('status').notNull().default(true),
  },
  (t) => [index('fixed_tariffs_station').on(t.stationId, t.position)],
);

/**
 * Every change of a price, duration or status of a tariff or an additional service: who, when, old → new.
 * Orders keep the price they were booked with; this is how an owner sees what changed since.
 * `tariff_key` is a tariff id, or 'addition_service' / 'yandex_addition_service'.
 */
export const tariffPriceChanges = pgTable(
  'tariff_price_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    tariffKey: text('tariff_key').notNull(),
    service: text('service'),
    carClass: text('car_class').$type<CarClass>(),
    field: text('field').$type<'price' | 'duration' | 'active'>().notNull(),
    oldValue: integer('old_value'),
    newValue: integer('new_value'),
    /** No foreign key: the record outlives a removed user; the name is read when it still exists. */
    userId: uuid('user_id'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tariff_price_changes_tariff').on(t.stationId, t.tariffKey, t.changedAt)],
);

/**
 * Search text of a client, folded like `foldSearch` (case, ё = е; see sql-text.ts): «name surname»,
 * «surname name» and the phone, so one LIKE finds either order and any run of phone digits.
 */
const driverSearchDdl = `${foldedDdl(`name || ' ' || surname`)} || ' / ' || ${foldedDdl(
  `surname || ' ' || name`,
)} || ' / ' || phone`;

/**
 * Clients (drivers) of a network (S2 §3). The phone is unique among a network's active clients (a deleted
 * client keeps theirs, so it can be restored). The folded sort keys and the search trigrams are stored
 * columns so that a page of 100 000 clients is an index scan (issue 11); `crm_trigrams` is created by
 * migration 0007 — a `text[]` GIN index works on every cluster, where pg_trgm ignores Cyrillic on a
 * C-locale one.
 */
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
    sortName: text('sort_name')
      .notNull()
      .generatedAlwaysAs(sql.raw(foldedDdl('name'))),
    sortSurname: text('sort_surname')
      .notNull()
      .generatedAlwaysAs(sql.raw(foldedDdl('surname'))),
    searchText: text('search_text').notNull().generatedAlwaysAs(sql.raw(driverSearchDdl)),
    searchTrigrams: text('search_trigrams')
      .array()
      .notNull()
      .generatedAlwaysAs(sql.raw(`crm_trigrams(${driverSearchDdl})`)),
  },
  (t) => [
    // (network_id) and (network_id, phone) indexes are gone: every index below starts with network_id, and
    // phones are looked up among active clients. Fewer indexes, faster imports.
    uniqueIndex('drivers_network_phone_active')
      .on(t.networkId, t.phone)
      .where(sql`not ${t.deleted}`),
    index('drivers_search').using('gin', t.searchTrigrams),
    // One index per sort of the clients page (S2 §9), each exactly its ORDER BY: deleted last, then the key.
    index('drivers_sort_name').on(t.networkId, t.deleted, t.sortName, t.sortSurname, t.id),
    index('drivers_sort_name_desc').on(
      t.networkId,
      t.deleted,
      t.sortName.desc(),
      t.sortSurname.desc(),
      t.id.desc(),
    ),
    index('drivers_sort_surname').on(t.networkId, t.deleted, t.sortSurname, t.sortName, t.id),
    index('drivers_sort_surname_desc').on(
      t.networkId,
      t.deleted,
      t.sortSurname.desc(),
      t.sortName.desc(),
      t.id.desc(),
    ),
    index('drivers_sort_discount').on(t.networkId, t.deleted, t.discount, t.sortName, t.sortSurname, t.id),
    index('drivers_sort_discount_desc').on(
      t.networkId,
      t.deleted,
      t.discount.desc(),
      t.sortName,
      t.sortSurname,
      t.id,
    ),
    index('drivers_sort_created').on(t.networkId, t.deleted, t.createdAt, t.id),
    index('drivers_sort_created_desc').on(t.networkId, t.deleted, t.createdAt.desc(), t.id.desc()),
  ],
);
