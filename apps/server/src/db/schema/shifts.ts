import { check, date, index, pgTable, smallint, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { stations } from './stations';
import { users } from './users';

/**
 * The staff shift plan (issue 39 §3, `/employees/schedule`): one shift per member, station and day, from–to
 * in minutes of the station's wall clock within that day (an end of 1439 is 23:59, the end of the day). A day
 * without a row is a day off. Rows of someone who left the network stay, unseen, until the station goes.
 */
export const staffShifts = pgTable(
  'staff_shifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('staff_shifts_station_user_date').on(t.stationId, t.userId, t.date),
    index('staff_shifts_station_date').on(t.stationId, t.date),
    check(
      'staff_shifts_range',
      sql`${t.startMinute} >= 0 AND ${t.startMinute} < ${t.endMinute} AND ${t.endMinute} <= 1440`,
    ),
  ],
);
