import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Basket, ClientCar } from '@crm/shared';
import { networks, users } from './users';
import { stations } from './stations';
import { drivers } from './catalog';

/**
 * An order occupies one wash box for [booking_start, booking_end). Two live (not cancelled) orders
 * never overlap on one box: the exclusion constraint `orders_no_overlap` (migration 0003, DESIGN §6)
 * holds for every write path. Blocked slots are `BlockerBookingSlot` orders, one per box.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    paymentMethod: text('payment_method').notNull().default('not_paid'),
    comment: text('comment').notNull().default(''),
    systemComment: text('system_comment').notNull().default(''),
    reason: text('reason'),
    clientCar: jsonb('client_car').$type<ClientCar>().notNull(),
    basket: jsonb('basket').$type<Basket>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_station_start').on(t.stationId, t.bookingStart),
    index('orders_station_new')
      .on(t.stationId, t.bookingStart)
      .where(sql`${t.status} = 'Accepted'`),
  ],
);
