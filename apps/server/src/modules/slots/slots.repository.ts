import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { cancelledStatuses, type SlotOccupancy } from '@crm/shared';
import { bookingOverlaps, orders } from '../../db/schema';
import type { OrderInsert, Tx } from '../orders/orders.repository';

export const blockerType = 'BlockerBookingSlot';

/** Live orders and blockers of the station overlapping [from, to): what the slots of a day are made of. */
export async function liveOccupancy(
  db: Tx,
  stationId: string,
  from: Date,
  to: Date,
): Promise<SlotOccupancy[]> {
  const rows = await db
    .select({
      box: orders.boxNumber,
      start: orders.bookingStart,
      end: orders.bookingEnd,
      type: orders.orderType,
    })
    .from(orders)
    .where(
      and(
        eq(orders.stationId, stationId),
        notInArray(orders.status, [...cancelledStatuses]),
        bookingOverlaps(from, to),
      ),
    );
  return rows.map((r) => ({ box: r.box, start: r.start, end: r.end, blocker: r.type === blockerType }));
}

export interface BlockerRow {
  id: string;
  boxNumber: number;
  bookingStart: Date;
  bookingEnd: Date;
}

/** Live blockers of the station overlapping [start, end), by box. */
export async function blockersOverlapping(
  db: Tx,
  stationId: string,
  start: Date,
  end: Date,
): Promise<BlockerRow[]> {
  return db
    .select({
      id: orders.id,
      boxNumber: orders.boxNumber,
      bookingStart: orders.bookingStart,
      bookingEnd: orders.bookingEnd,
    })
    .from(orders)
    .where(
      and(
        eq(orders.stationId, stationId),
        eq(orders.orderType, blockerType),
        notInArray(orders.status, [...cancelledStatuses]),
        bookingOverlaps(start, end),
      ),
    )
    .orderBy(asc(orders.boxNumber), asc(orders.bookingStart));
}

export async function insertBlockers(db: Tx, rows: OrderInsert[]): Promise<{ id: string }[]> {
  if (rows.length === 0) return [];
  return db.insert(orders).values(rows).returning({ id: orders.id });
}

/** Narrows a blocker to a part of its own time: it never overlaps anything it did not already. */
export async function narrowBlocker(
  db: Tx,
  id: string,
  values: Pick<OrderInsert, 'bookingStart' | 'bookingEnd' | 'basket'>,
): Promise<void> {
  await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.orderType, blockerType)));
}

export async function deleteBlockers(db: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(orders).where(and(inArray(orders.id, [...ids]), eq(orders.orderType, blockerType)));
}
