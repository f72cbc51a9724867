import { and, asc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Position } from '@crm/shared';
import type { ProviderProfile } from '../../adapters/identity';
import type { Database } from '../../db/client';
import { identities, memberships, networks, oauthPending, stations, users } from '../../db/schema';

type PendingRow = typeof oauthPending.$inferSelect;

/** Stores a sign-in under way; expired ones are swept here so the table stays small. */
export async function insertPending(db: Database, row: Omit<PendingRow, 'usedAt'>) {
  await db.delete(oauthPending).where(lt(oauthPending.expiresAt, new Date()));
  await db.insert(oauthPending).values(row);
}

/** Takes the pending sign-in for good: a second call with the same state gets null. */
export async function consumePending(db: Database, stateHash: string): Promise<PendingRow | null> {
  const [row] = await db
    .update(oauthPending)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oauthPending.stateHash, stateHash),
        isNull(oauthPending.usedAt),
        gt(oauthPending.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findUserIdByIdentity(
  db: Database,
  provider: string,
  providerUserId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ userId: identities.userId })
    .from(identities)
    .where(and(eq(identities.provider, provider), eq(identities.providerUserId, providerUserId)))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * A first sign-in: the user and their identity, with no network (they see the no-stations state).
 * The provider's login may already be taken by someone else here, so it falls back to one with the id.
 */
export async function createUserWithIdentity(db: Database, profile: ProviderProfile): Promise<string> {
  return db.transaction(async (tx) => {
    let userId: string | undefined;
    for (const login of [profile.login, `${profile.login}-${profile.providerUserId}`]) {
      const [row] = await tx
        .insert(users)
        .values({
          login,
          name: profile.name,
          surname: profile.surname,
          email: profile.email,
          number: profile.number,
          defaultAvatarId: profile.avatarId,
        })
        .onConflictDoNothing({ target: users.login })
        .returning({ id: users.id });
      userId = row?.id;
      if (userId) break;
    }
    if (!userId) throw new Error(`no free login for ${profile.provider} user`);
    await tx
      .insert(identities)
      .values({ userId, provider: profile.provider, providerUserId: profile.providerUserId });
    return userId;
  });
}

export async function touchLastLogin(db: Database, userId: string) {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
}

export async function stationIdByCarwashId(db: Database, carwashId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: stations.id })
    .from(stations)
    .where(eq(stations.carwashId, carwashId))
    .limit(1);
  return row?.id ?? null;
}

/** A Telegram user is linked by users.telegram_id (set in the profile) or a ('telegram', id) identity. */
export async function findUserIdByTelegram(db: Database, telegramId: string): Promise<string | null> {
  const [row] = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .leftJoin(identities, and(eq(identities.userId, users.id), eq(identities.provider, 'telegram')))
    .where(or(eq(users.telegramId, telegramId), eq(identities.providerUserId, telegramId)))
    .limit(1);
  return row?.id ?? null;
}

export interface LocalUser {
  userId: string;
  login: string;
  name: string | null;
  surname: string | null;
  role: string;
  position: Position | null;
  network: string | null;
}

/** Everyone the local provider can sign in as, with their first network and position, for the picker. */
export async function listLocalUsers(db: Database, login?: string): Promise<LocalUser[]> {
  const rows = await db
    .select({
      userId: users.id,
      login: identities.providerUserId,
      name: users.name,
      surname: users.surname,
      role: users.role,
      position: memberships.position,
      network: networks.name,
    })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(networks, eq(networks.id, memberships.networkId))
    .where(and(eq(identities.provider, 'local'), login ? eq(identities.providerUserId, login) : undefined))
    .orderBy(asc(users.createdAt), asc(identities.providerUserId), asc(memberships.createdAt));
  const byUser = new Map<string, LocalUser>();
  for (const row of rows) {
    if (!byUser.has(row.userId))
      byUser.set(row.userId, { ...row, position: row.position as Position | null });
  }
  return [...byUser.values()];
}
