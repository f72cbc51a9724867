import { and, asc, desc, eq, gt, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  cancelledStatuses,
  foldSearch,
  nearEmptyMaxFields,
  normalizePlate,
  statusesMatching,
  type OrderListTotals,
  type OrderStatus,
  type Position,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/sql-text';
import { bookingOverlaps, boxes, drivers, memberships, orders, stations, tariffs } from '../../db/schema';
import type { Auth } from '../../plugins/auth';
import { isUuid } from '../users/users.repository';
import type { OrderRow, OrderWithRefs } from './order-dto';

/** A transaction handle or the database: repository functions work inside either. */
export type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type OrderInsert = typeof orders.$inferInsert;

const refsColumns = {
  order: orders,
  carwashId: stations.carwashId,
  driverName: drivers.name,
  driverSurname: drivers.surname,
  driverPhone: drivers.phone,
};

type RefsRow = {
  order: OrderRow;
  carwashId: string;
  driverName: string | null;
  driverSurname: string | null;
  driverPhone: string | null;
};

const toRefs = (row: RefsRow): OrderWithRefs => ({
  order: row.order,
  carwashId: row.carwashId,
  driver:
    row.driverName === null
      ? null
      : { name: row.driverName, surname: row.driverSurname ?? '', phone: row.driverPhone ?? '' },
});

function selectWithRefs(db: Tx, where: SQL | undefined) {
  return db
    .select(refsColumns)
    .from(orders)
    .innerJoin(stations, eq(stations.id, orders.stationId))
    .leftJoin(drivers, eq(drivers.id, orders.driverId))
    .where(where);
}

/**
 * Orders whose booking starts within [dateStart, dateEnd) on the station's clock. The zone conversion
 * happens in SQL, once per query, so the (station_id, booking_start) index serves the range.
 */
export async function listOrdersByLocalDates(
  db: Tx,
  stationId: string,
  timeZone: string,
  dateStart: string,
  dateEnd: string,
): Promise<OrderWithRefs[]> {
  const from = sql`(${dateStart}::timestamp at time zone ${timeZone})`;
  const to = sql`(${dateEnd}::timestamp at time zone ${timeZone})`;
  const rows = await selectWithRefs(
    db,
    and(
      eq(orders.stationId, stationId),
      sql`${orders.bookingStart} >= ${from}`,
      sql`${orders.bookingStart} < ${to}`,
    ),
  ).orderBy(asc(orders.bookingStart), asc(orders.boxNumber));
  return rows.map(toRefs);
}

export interface HistoryFilter {
  stationId: string;
  timeZone: string;
  /** Station-local dates, [dateStart, dateEnd); no `dateEnd`: no upper bound («Всё время»). */
  dateStart: string;
  dateEnd?: string;
  search?: string;
  /** Only these; empty means every status. */
  statuses?: readonly OrderStatus[];
}

/**
 * Search (S1 §2): brand and model, plate, or a status by its Russian name («отмен» finds the three
 * cancelled ones). A term with a digit is also read as a plate fragment, so «a 123» typed with Latin
 * letters and a space finds «А123ВС77».
 */
function searchCondition(search: string | undefined): SQL | undefined {
  const term = foldSearch(search ?? '');
  if (!term) return undefined;
  // `search_text` is «brand model plate», folded when the row is written (schema/orders.ts).
  const matches: SQL[] = [sql`${orders.searchText} like ${containsPattern(term)}`];
  const plate = /\d/.test(term) ? foldSearch(normalizePlate(term)) : '';
  if (plate && plate !== term) matches.push(sql`${orders.searchText} like ${containsPattern(plate)}`);
  const statuses = statusesMatching(term);
  if (statuses.length > 0) matches.push(inArray(orders.status, statuses));
  return or(...matches);
}

/**
 * Orders the history shows: the station's bookings in the range (the (station_id, booking_start) index
 * serves it), without blocked slots and near-empty orders (≤ 3 meaningful fields), then search and statuses.
 */
function historyWhere(f: HistoryFilter): SQL | undefined {
  return and(
    eq(orders.stationId, f.stationId),
    sql`${orders.bookingStart} >= (${f.dateStart}::timestamp at time zone ${f.timeZone})`,
    f.dateEnd === undefined
      ? undefined
      : sql`${orders.bookingStart} < (${f.dateEnd}::timestamp at time zone ${f.timeZone})`,
    ne(orders.orderType, 'BlockerBookingSlot'),
    gt(orders.meaningfulFields, nearEmptyMaxFields),
    searchCondition(f.search),
    f.statuses && f.statuses.length > 0 ? inArray(orders.status, [...f.statuses]) : undefined,
  );
}

/** How many orders match and their totals (the export's two totals rows), in one pass. */
export async function historyTotals(db: Tx, f: HistoryFilter): Promise<OrderListTotals> {
  const completed = sql`${orders.status} = 'Completed'`;
  const [row] = await db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      sum: sql<number>`coalesce(sum(${orders.sum}), 0)`.mapWith(Number),
      completed_count: sql<number>`count(*) filter (where ${completed})`.mapWith(Number),
      completed_sum: sql<number>`coalesce(sum(${orders.sum}) filter (where ${completed}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(historyWhere(f));
  return row!;
}

/**
 * A page of the history, newest first. Orders starting at the same minute come by box, then by id, so
 * the pages never overlap or skip. Without `page` every matching order (the export).
 */
export async function historyOrders(
  db: Tx,
  f: HistoryFilter,
  page?: { page: number; size: number },
): Promise<OrderWithRefs[]> {
  const query = selectWithRefs(db, historyWhere(f)).orderBy(
    desc(orders.bookingStart),
    asc(orders.boxNumber),
    asc(orders.id),
  );
  const rows = page ? await query.limit(page.size).offset((page.page - 1) * page.size) : await query;
  return rows.map(toRefs);
}

/** New (Accepted) orders not yet over, oldest request first: the operator answers them in turn. */
export async function listNewOrders(db: Tx, stationId: string, now: Date): Promise<OrderWithRefs[]> {
  const rows = await selectWithRefs(
    db,
    and(eq(orders.stationId, stationId), eq(orders.status, 'Accepted'), gt(orders.bookingEnd, now)),
  ).orderBy(asc(orders.dateCreate), asc(orders.bookingStart));
  return rows.map(toRefs);
}

export async function orderWithRefs(db: Tx, orderId: string): Promise<OrderWithRefs | null> {
  const [row] = await selectWithRefs(db, eq(orders.id, orderId)).limit(1);
  return row ? toRefs(row) : null;
}

export interface OrderAccessRow {
  order: OrderRow;
  position: Position | null;
}

/** The order with the caller's position in its network (null when not a member). */
export async function orderWithPosition(
  db: Tx,
  caller: Pick<Auth, 'userId'>,
  orderId: string,
): Promise<OrderAccessRow | null> {
  const [row] = await db
    .select({ order: orders, position: memberships.position })
    .from(orders)
    .leftJoin(
      memberships,
      and(eq(memberships.networkId, orders.networkId), eq(memberships.userId, caller.userId)),
    )
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ? { order: row.order, position: (row.position as Position | null) ?? null } : null;
}

export async function stationRow(db: Tx, stationId: string) {
  const [row] = await db.select().from(stations).where(eq(stations.id, stationId)).limit(1);
  return row ?? null;
}

export async function boxNumbersOf(db: Tx, stationId: string): Promise<number[]> {
  const rows = await db
    .select({ number: boxes.number })
    .from(boxes)
    .where(eq(boxes.stationId, stationId))
    .orderBy(asc(boxes.number));
  return rows.map((r) => r.number);
}

/**
 * Boxes of the station with no live order overlapping [start, end), lowest first. The `&&` on the
 * range is the exclusion constraint's own expression, so its GiST index answers this.
 */
export async function freeBoxNumbers(
  db: Tx,
  stationId: string,
  start: Date,
  end: Date,
  exceptOrderId?: string,
): Promise<number[]> {
  const busy = db
    .select({ n: sql`1` })
    .from(orders)
    .where(
      and(
        eq(orders.stationId, stationId),
        sql`${orders.boxNumber} = ${boxes.number}`,
        notInArray(orders.status, [...cancelledStatuses]),
        bookingOverlaps(start, end),
        exceptOrderId ? ne(orders.id, exceptOrderId) : undefined,
      ),
    );
  const rows = await db
    .select({ number: boxes.number })
    .from(boxes)
    .where(and(eq(boxes.stationId, stationId), sql`not exists (${busy})`))
    .orderBy(asc(boxes.number));
  return rows.map((r) => r.number);
}

/**
 * Queues writers of one box of one station behind each other until commit. Without it, two
 * transactions inserting overlapping rows each wait for the other inside the exclusion check, and
 * PostgreSQL breaks that deadlock only after `deadlock_timeout` (1 s). The constraint still decides.
 */
export async function lockBox(db: Tx, stationId: string, box: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${stationId}), ${box}::int)`);
}

export async function insertOrder(db: Tx, values: OrderInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

/**
 * Updates an order only while its status is still `expected` (another operator may have moved it in
 * the meantime). Null when it was not.
 */
export async function updateOrderIfStatus(
  db: Tx,
  orderId: string,
  expected: string,
  values: Partial<OrderInsert>,
): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, expected)))
    .returning();
  return row ?? null;
}

/** The discount (percent) of a client of the network; null when the id is no client of it. */
export async function driverDiscount(db: Tx, driverId: string, networkId: string): Promise<number | null> {
  const [row] = await db
    .select({ discount: drivers.discount })
    .from(drivers)
    .where(and(eq(drivers.id, driverId), eq(drivers.networkId, networkId)))
    .limit(1);
  return row ? row.discount : null;
}

/** Tariff id → name for the ids given, deleted tariffs included (old orders still name theirs). */
export async function tariffNames(db: Tx, ids: readonly string[]): Promise<Record<string, string>> {
  const known = ids.filter(isUuid);
  if (known.length === 0) return {};
  const rows = await db
    .select({ id: tariffs.id, name: tariffs.name })
    .from(tariffs)
    .where(inArray(tariffs.id, known));
  return Object.fromEntries(rows.map((r) => [r.id, r.name]));
}

export async function tariffIncludes(db: Tx, id: string): Promise<string[]> {
  if (!isUuid(id)) return [];
  const [row] = await db
    .select({ includes: tariffs.includeServices })
    .from(tariffs)
    .where(eq(tariffs.id, id))
    .limit(1);
  return row?.includes ?? [];
}
