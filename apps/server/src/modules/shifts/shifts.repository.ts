import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { fromMinutes, toMinutes, type Shift } from '@crm/shared';
import type { Database } from '../../db/client';
import { memberships, staffShifts, stations } from '../../db/schema';

export type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

// Minutes of the day; 23:59, the end of the day as the time-range picker writes it, is minute 1439.
const toMinute = toMinutes;
const fromMinute = fromMinutes;

/**
 * The station's shifts from `from` to `to` (dates, inclusive) of people who are members of its network now:
 * someone who left keeps their rows, but the plan no longer shows them.
 */
export async function shiftsBetween(
  db: Db,
  station: { id: string; networkId: string },
  from: string,
  to: string,
): Promise<Shift[]> {
  const rows = await db
    .select({
      userId: staffShifts.userId,
      date: staffShifts.date,
      start: staffShifts.startMinute,
      end: staffShifts.endMinute,
    })
    .from(staffShifts)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, staffShifts.userId), eq(memberships.networkId, station.networkId)),
    )
    .where(and(eq(staffShifts.stationId, station.id), gte(staffShifts.date, from), lte(staffShifts.date, to)))
    .orderBy(asc(staffShifts.date), asc(staffShifts.startMinute));
  return rows.map((r) => ({
    user_id: r.userId,
    date: r.date,
    from: fromMinute(r.start),
    to: fromMinute(r.end),
  }));
}

/** Serialises the plan's writes per station (a cell and a week copy never interleave). */
export async function lockStationPlan(db: Db, stationId: string): Promise<void> {
  await db.select({ id: stations.id }).from(stations).where(eq(stations.id, stationId)).for('update');
}

export async function isNetworkMember(db: Db, networkId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.networkId, networkId), eq(memberships.userId, userId)))
    .limit(1);
  return !!row;
}

export async function upsertShift(db: Db, stationId: string, shift: Shift, updatedBy: string): Promise<void> {
  const values = {
    stationId,
    userId: shift.user_id,
    date: shift.date,
    startMinute: toMinute(shift.from),
    endMinute: toMinute(shift.to),
    updatedBy,
    updatedAt: new Date(),
  };
  await db
    .insert(staffShifts)
    .values(values)
    .onConflictDoUpdate({
      target: [staffShifts.stationId, staffShifts.userId, staffShifts.date],
      set: {
        startMinute: values.startMinute,
        endMinute: values.endMinute,
        updatedBy,
        updatedAt: values.updatedAt,
      },
    });
}

export async function deleteShift(db: Db, stationId: string, userId: string, date: string): Promise<void> {
  await db
    .delete(staffShifts)
    .where(
      and(eq(staffShifts.stationId, stationId), eq(staffShifts.userId, userId), eq(staffShifts.date, date)),
    );
}

/** Removes every shift of the station from `from` to `to` (a week replaced by a copy). */
export async function deleteShiftsBetween(db: Db, stationId: string, from: string, to: string) {
  await db
    .delete(staffShifts)
    .where(and(eq(staffShifts.stationId, stationId), gte(staffShifts.date, from), lte(staffShifts.date, to)));
}

export async function insertShifts(db: Db, stationId: string, shifts: readonly Shift[], updatedBy: string) {
  if (shifts.length === 0) return;
  await db.insert(staffShifts).values(
    shifts.map((s) => ({
      stationId,
      userId: s.user_id,
      date: s.date,
      startMinute: toMinute(s.from),
      endMinute: toMinute(s.to),
      updatedBy,
    })),
  );
}
