import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { networks, stationInvitations, stations, users } from '../../db/schema';

export type Tx = Pick<Database, 'select' | 'insert' | 'update'>;
export type InvitationRow = typeof stationInvitations.$inferSelect;

/** Not used, not revoked, not expired at `now`: the only invitations that still open a network. */
export const activeAt = (now: Date) =>
  and(
    isNull(stationInvitations.usedAt),
    isNull(stationInvitations.revokedAt),
    gt(stationInvitations.expiresAt, now),
  );

/** The station's active invitations with their creators, newest first. */
export function listActive(db: Tx, stationId: string, now: Date) {
  return db
    .select({
      invitation: stationInvitations,
      creator: { id: users.id, name: users.name, surname: users.surname },
    })
    .from(stationInvitations)
    .leftJoin(users, eq(users.id, stationInvitations.createdBy))
    .where(and(eq(stationInvitations.stationId, stationId), activeAt(now)))
    .orderBy(desc(stationInvitations.createdAt), desc(stationInvitations.id));
}

export async function findWithCreator(db: Tx, id: string) {
  const [row] = await db
    .select({
      invitation: stationInvitations,
      creator: { id: users.id, name: users.name, surname: users.surname },
    })
    .from(stationInvitations)
    .leftJoin(users, eq(users.id, stationInvitations.createdBy))
    .where(eq(stationInvitations.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * The active invitation with this token hash for this station, locked until the transaction ends: two
 * people redeeming one link at once cannot both get in (the second sees it used).
 */
export async function lockRedeemable(db: Tx, stationId: string, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ invitation: stationInvitations, networkId: stations.networkId })
    .from(stationInvitations)
    .innerJoin(stations, eq(stations.id, stationInvitations.stationId))
    .where(
      and(
        eq(stationInvitations.tokenHash, tokenHash),
        eq(stationInvitations.stationId, stationId),
        activeAt(now),
      ),
    )
    .limit(1)
    .for('update', { of: stationInvitations });
  return row ?? null;
}

/**
 * The active invitation with this token hash for this station, with what its invitee is told: who made
 * it, the station's and the network's names and how many stations the network has.
 */
export async function findPreview(db: Tx, stationId: string, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      position: stationInvitations.position,
      expiresAt: stationInvitations.expiresAt,
      stationName: stations.name,
      networkId: stations.networkId,
      networkName: networks.name,
      inviterName: users.name,
      inviterSurname: users.surname,
    })
    .from(stationInvitations)
    .innerJoin(stations, eq(stations.id, stationInvitations.stationId))
    .innerJoin(networks, eq(networks.id, stations.networkId))
    .leftJoin(users, eq(users.id, stationInvitations.createdBy))
    .where(
      and(
        eq(stationInvitations.tokenHash, tokenHash),
        eq(stationInvitations.stationId, stationId),
        activeAt(now),
      ),
    )
    .limit(1);
  if (!row) return null;
  const [counted] = await db
    .select({ n: count() })
    .from(stations)
    .where(eq(stations.networkId, row.networkId));
  return { ...row, stationCount: counted?.n ?? 0 };
}
