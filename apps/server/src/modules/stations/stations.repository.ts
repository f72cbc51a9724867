import { randomInt } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, lte, ne, notInArray } from 'drizzle-orm';
import {
  cancelledStatuses,
  type PricingLimits,
  type Position,
  type Station,
  type WorktimeByDay,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { boxes, memberships, networks, orders, stations, users } from '../../db/schema';
import type { StationRow } from './station-access';
import { toStationDto, type BoxRow } from './station-dto';

/** A transaction handle or the database: repository functions work inside either. */
export type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export async function boxesOf(db: Db, stationIds: readonly string[]): Promise<BoxRow[]> {
  if (stationIds.length === 0) return [];
  return db
    .select({ stationId: boxes.stationId, number: boxes.number, status: boxes.status })
    .from(boxes)
    .where(inArray(boxes.stationId, [...stationIds]));
}

/** How long an order «В процессе» counts as a car in a box: one forgotten since yesterday does not. */
const inProgressWindowMs = 24 * 60 * 60_000;

/** Orders under way now per station (started within the last day, status Processing). */
async function inProgressOf(db: Db, stationIds: readonly string[], now: Date): Promise<Map<string, number>> {
  if (stationIds.length === 0) return new Map();
  const rows = await db
    .select({ stationId: orders.stationId, count: count() })
    .from(orders)
    .where(
      and(
        inArray(orders.stationId, [...stationIds]),
        eq(orders.status, 'Processing'),
        gt(orders.bookingStart, new Date(now.getTime() - inProgressWindowMs)),
        lte(orders.bookingStart, now),
      ),
    )
    .groupBy(orders.stationId);
  return new Map(rows.map((r) => [r.stationId, Number(r.count)]));
}

export async function toStationDtos(db: Db, rows: readonly StationRow[]): Promise<Station[]> {
  const ids = rows.map((r) => r.id);
  const now = new Date();
  // One after the other: inside a transaction both would queue on its one connection anyway.
  const boxRows = await boxesOf(db, ids);
  const inProgress = await inProgressOf(db, ids, now);
  return rows.map((row) => ({
    ...toStationDto(row, boxRows, now),
    in_progress: inProgress.get(row.id) ?? 0,
  }));
}

export async function stationDtoById(db: Db, stationId: string): Promise<Station> {
  const [row] = await db.select().from(stations).where(eq(stations.id, stationId)).limit(1);
  if (!row) throw new Error(`station ${stationId} vanished`);
  const [dto] = await toStationDtos(db, [row]);
  return dto!;
}

/** Stations of every network the user belongs to, by name. */
export async function stationsOfUser(db: Db, userId: string): Promise<StationRow[]> {
  const rows = await db
    .select({ station: stations })
    .from(stations)
    .innerJoin(memberships, eq(memberships.networkId, stations.networkId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(stations.name), asc(stations.createdAt));
  return rows.map((r) => r.station);
}

export interface MembershipOfUser {
  networkId: string;
  position: Position;
}

/** The user's memberships, oldest first. */
export async function membershipsOfUser(db: Db, userId: string): Promise<MembershipOfUser[]> {
  const rows = await db
    .select({ networkId: memberships.networkId, position: memberships.position })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt));
  return rows.map((r) => ({ networkId: r.networkId, position: r.position as Position }));
}

export async function networkExists(db: Db, networkId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: networks.id })
    .from(networks)
    .where(eq(networks.id, networkId))
    .limit(1);
  return !!row;
}

export async function createNetworkWithOwner(db: Db, name: string, ownerId: string): Promise<string> {
  const [network] = await db.insert(networks).values({ name }).returning({ id: networks.id });
  await db.insert(memberships).values({ userId: ownerId, networkId: network!.id, position: 'owner' });
  return network!.id;
}

/**
 * A six-digit public id not yet taken. Candidates are checked in one query; the unique index still
 * guards the race, and the caller retries on its violation.
 */
export async function freeCarwashId(db: Db): Promise<string> {
  for (;;) {
    const candidates = Array.from({ length: 8 }, () => String(randomInt(100_000, 1_000_000)));
    const taken = await db
      .select({ id: stations.carwashId })
      .from(stations)
      .where(inArray(stations.carwashId, candidates));
    const free = candidates.find((c) => !taken.some((t) => t.id === c));
    if (free) return free;
  }
}

export async function insertStation(
  db: Db,
  values: typeof stations.$inferInsert,
  boxCount: number,
): Promise<string> {
  const [row] = await db.insert(stations).values(values).returning({ id: stations.id });
  await setBoxCount(db, row!.id, boxCount, 0);
  return row!.id;
}

export async function updateStationRow(
  db: Db,
  stationId: string,
  values: Partial<typeof stations.$inferInsert>,
) {
  if (Object.keys(values).length === 0) return;
  await db.update(stations).set(values).where(eq(stations.id, stationId));
}

/** Serialises writers of one station (box renumbering would otherwise race on the unique number). */
export async function lockStation(db: Db, stationId: string) {
  await db.select({ id: stations.id }).from(stations).where(eq(stations.id, stationId)).for('update');
}

export async function boxCountOf(db: Db, stationId: string): Promise<number> {
  return (await boxesOf(db, [stationId])).reduce((max, b) => Math.max(max, b.number), 0);
}

/** Boxes 1..count: new ones are numbered on from the last and start Free; removed ones are the last. */
export async function setBoxCount(db: Db, stationId: string, count: number, current: number) {
  if (count > current) {
    await db.insert(boxes).values(
      Array.from({ length: count - current }, (_, i) => ({
        stationId,
        number: current + i + 1,
        status: 'Free',
      })),
    );
  } else if (count < current) {
    await db.delete(boxes).where(and(eq(boxes.stationId, stationId), gt(boxes.number, count)));
  }
}

/** The stored hours and zone, read under the station lock: what a schedule change is compared with. */
export async function hoursOf(
  db: Db,
  stationId: string,
): Promise<{ worktime: WorktimeByDay; timeZone: string }> {
  const [row] = await db
    .select({ worktime: stations.worktimeByDay, timeZone: stations.timeZone })
    .from(stations)
    .where(eq(stations.id, stationId));
  return row!;
}

/** The stored pricing limits, read under the station lock so a partial change is checked against them. */
export async function pricingLimitsOf(db: Db, stationId: string): Promise<PricingLimits> {
  const [row] = await db
    .select({
      limitMinCost: stations.limitMinCost,
      limitMaxCost: stations.limitMaxCost,
      stepCost: stations.stepCost,
    })
    .from(stations)
    .where(eq(stations.id, stationId));
  return row!;
}

/**
 * The lowest box above `keep` that a live order (not cancelled, not a slot blocker) still uses now or
 * later; null when the boxes above `keep` can go. Past orders keep their box number as history.
 */
export async function firstBoxInUseAbove(
  db: Db,
  stationId: string,
  keep: number,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .select({ box: orders.boxNumber })
    .from(orders)
    .where(
      and(
        eq(orders.stationId, stationId),
        gt(orders.boxNumber, keep),
        gt(orders.bookingEnd, now),
        notInArray(orders.status, [...cancelledStatuses]),
        ne(orders.orderType, 'BlockerBookingSlot'),
      ),
    )
    .orderBy(asc(orders.boxNumber))
    .limit(1);
  return row?.box ?? null;
}

/** Slot blockers of removed boxes that have not ended: they would block a box re-added later. */
export async function deleteFutureBlockersAbove(db: Db, stationId: string, keep: number, now: Date) {
  await db
    .delete(orders)
    .where(
      and(
        eq(orders.stationId, stationId),
        gt(orders.boxNumber, keep),
        gt(orders.bookingEnd, now),
        eq(orders.orderType, 'BlockerBookingSlot'),
      ),
    );
}

const positionRank: Record<string, number> = { owner: 0, principal: 1, administrator: 2, worker: 3 };

/** Members of a network with their position there, owner first, then by surname and name. */
export async function networkMembers(db: Db, networkId: string) {
  const rows = await db
    .select({ user: users, position: memberships.position, name: networks.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(networks, eq(networks.id, memberships.networkId))
    .where(eq(memberships.networkId, networkId));
  return rows.sort(
    (a, b) =>
      (positionRank[a.position] ?? 9) - (positionRank[b.position] ?? 9) ||
      (a.user.surname ?? '').localeCompare(b.user.surname ?? '', 'ru') ||
      (a.user.name ?? '').localeCompare(b.user.name ?? '', 'ru'),
  );
}
