import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { onlineBookings, onlineBookingSettings, orders, stations } from '../../db/schema';
import type { Tx } from '../orders/orders.repository';

export type OnlineBookingSettingsRow = typeof onlineBookingSettings.$inferSelect;
export type OnlineBookingRow = typeof onlineBookings.$inferSelect;
export type StationRow = typeof stations.$inferSelect;

const codeAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 8 of 36 characters: 2.8·10¹², not worth enumerating behind a rate limit. */
export function newBookingCode(): string {
  return Array.from({ length: 8 }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('');
}

/** The manage link's token: 32 random bytes, base64url (43 characters, `manageTokenPattern`). */
export const newManageToken = () => randomBytes(32).toString('base64url');
export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function settingsOf(db: Tx, stationId: string): Promise<OnlineBookingSettingsRow | null> {
  const [row] = await db
    .select()
    .from(onlineBookingSettings)
    .where(eq(onlineBookingSettings.stationId, stationId));
  return row ?? null;
}

/**
 * The station's settings row, made with a fresh random code when there is none. A code clash (two
 * stations drew the same 8 characters) or a concurrent first read simply tries again.
 */
export async function ensureSettings(db: Database, stationId: string): Promise<OnlineBookingSettingsRow> {
  for (let attempt = 0; ; attempt++) {
    const found = await settingsOf(db, stationId);
    if (found) return found;
    const [made] = await db
      .insert(onlineBookingSettings)
      .values({ stationId, code: newBookingCode() })
      .onConflictDoNothing()
      .returning();
    if (made) return made;
    if (attempt > 5) throw new Error('no free booking code');
  }
}

/** A new code for the station (the old link stops working); retried on the rare clash. */
export async function renewCode(db: Tx, stationId: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const code = newBookingCode();
    const taken = await db
      .select({ id: onlineBookingSettings.stationId })
      .from(onlineBookingSettings)
      .where(eq(onlineBookingSettings.code, code));
    if (taken.length === 0) {
      await db
        .update(onlineBookingSettings)
        .set({ code })
        .where(eq(onlineBookingSettings.stationId, stationId));
      return;
    }
    if (attempt > 5) throw new Error('no free booking code');
  }
}

/** The station behind a public code, with its settings; null for an unknown code. */
export async function stationByCode(db: Tx, code: string) {
  const [row] = await db
    .select({ station: stations, settings: onlineBookingSettings })
    .from(onlineBookingSettings)
    .innerJoin(stations, eq(stations.id, onlineBookingSettings.stationId))
    .where(eq(onlineBookingSettings.code, code));
  return row ?? null;
}

/** A booking by its manage token's hash, with its order, station and settings. */
export async function bookingByTokenHash(db: Tx, hash: string) {
  const [row] = await db
    .select({
      booking: onlineBookings,
      order: orders,
      station: stations,
      settings: onlineBookingSettings,
    })
    .from(onlineBookings)
    .innerJoin(orders, eq(orders.id, onlineBookings.orderId))
    .innerJoin(stations, eq(stations.id, onlineBookings.stationId))
    .innerJoin(onlineBookingSettings, eq(onlineBookingSettings.stationId, onlineBookings.stationId))
    .where(eq(onlineBookings.tokenHash, hash));
  return row ?? null;
}
export type BookingByToken = NonNullable<Awaited<ReturnType<typeof bookingByTokenHash>>>;

/**
 * Serialises the online bookings of one phone at one station (the open-bookings limit): taken in the
 * booking's transaction, after its box lock, so two requests of one phone count one after the other.
 */
export async function lockStationPhone(db: Tx, stationId: string, phone: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`online-booking:${stationId}:${phone}`}))`);
}

/** The phone's online bookings at the station that are still open: waiting or booked, not yet over. */
export async function openBookingsOf(db: Tx, stationId: string, phone: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(onlineBookings)
    .innerJoin(orders, eq(orders.id, onlineBookings.orderId))
    .where(
      and(
        eq(onlineBookings.stationId, stationId),
        eq(onlineBookings.phone, phone),
        inArray(orders.status, ['Accepted', 'Booked']),
        gt(orders.bookingEnd, now),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function insertOnlineBooking(db: Tx, values: typeof onlineBookings.$inferInsert) {
  const [row] = await db.insert(onlineBookings).values(values).returning();
  return row!;
}

/** Records the driver's data-removal request once (a repeat keeps the first time). */
export async function requestRemoval(db: Tx, id: string, now: Date): Promise<void> {
  await db
    .update(onlineBookings)
    .set({ removalRequestedAt: now })
    .where(and(eq(onlineBookings.id, id), isNull(onlineBookings.removalRequestedAt)));
}

/** Requests waiting for the owner, newest first, with the order's number. */
export async function pendingRemovals(db: Tx, stationId: string) {
  return db
    .select({
      id: onlineBookings.id,
      requestedAt: onlineBookings.removalRequestedAt,
      name: onlineBookings.name,
      phone: onlineBookings.phone,
      orderNumber: orders.number,
    })
    .from(onlineBookings)
    .innerJoin(orders, eq(orders.id, onlineBookings.orderId))
    .where(
      and(
        eq(onlineBookings.stationId, stationId),
        isNotNull(onlineBookings.removalRequestedAt),
        isNull(onlineBookings.removedAt),
      ),
    )
    .orderBy(desc(onlineBookings.removalRequestedAt), desc(onlineBookings.id));
}

/** A pending request of this station, locked for its confirmation; null when unknown or done. */
export async function lockPendingRemoval(db: Tx, stationId: string, id: string) {
  const [row] = await db
    .select()
    .from(onlineBookings)
    .where(
      and(
        eq(onlineBookings.id, id),
        eq(onlineBookings.stationId, stationId),
        isNotNull(onlineBookings.removalRequestedAt),
        isNull(onlineBookings.removedAt),
      ),
    )
    .for('update');
  return row ?? null;
}
