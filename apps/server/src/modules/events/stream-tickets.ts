import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { streamTickets } from '../../db/schema';
import { loadSession, type Auth } from '../../plugins/auth';
import { hashSecret } from '../../secrets';

/** How long a ticket opens the stream. An open stream stays open; a reconnection needs a new ticket. */
export const TICKET_TTL_MS = 60_000;

/**
 * A one-time pass to `stationId`'s order stream for the caller's session (DESIGN §7: the Telegram
 * mini-app has no cookie, and EventSource cannot send its bearer token). Spent tickets are deleted as they
 * are used, void ones here, so the table holds a minute's worth at most.
 */
export async function issueStreamTicket(db: Database, caller: Auth, stationId: string) {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TICKET_TTL_MS);
  await db.delete(streamTickets).where(lt(streamTickets.expiresAt, new Date()));
  await db
    .insert(streamTickets)
    .values({ id: hashSecret(ticket), sessionId: caller.sessionId, stationId, expiresAt });
  return { ticket, expiresAt };
}

/**
 * The caller a ticket stands for, once: for this station, unexpired, and its session still valid. The
 * ticket is deleted in the same statement that reads it, so two uses cannot both succeed; one offered for
 * another station is spent too.
 */
export async function redeemStreamTicket(
  db: Database,
  ticket: string,
  stationId: string,
): Promise<Auth | null> {
  const [row] = await db
    .delete(streamTickets)
    .where(and(eq(streamTickets.id, hashSecret(ticket)), gt(streamTickets.expiresAt, new Date())))
    .returning({ sessionId: streamTickets.sessionId, stationId: streamTickets.stationId });
  return row && row.stationId === stationId ? loadSession(db, row.sessionId) : null;
}
