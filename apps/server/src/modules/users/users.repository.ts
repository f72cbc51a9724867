import { asc, eq, inArray } from 'drizzle-orm';
import type { Position, SystemRole, User } from '@crm/shared';
import type { Database } from '../../db/client';
import { memberships, networks, users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;
type MembershipRow = { userId: string; networkId: string; name: string; position: string };

/** The one user → DTO mapping (`userSchema`); every route that returns a user goes through it. */
export function toUserDto(row: UserRow, memberOf: readonly MembershipRow[]): User {
  const networkList = memberOf.map((m) => ({
    id: m.networkId,
    name: m.name,
    position: m.position as Position,
  }));
  return {
    id: row.id,
    role: row.role as SystemRole,
    login: row.login,
    name: row.name,
    surname: row.surname,
    email: row.email,
    number: row.number,
    default_avatar_id: row.defaultAvatarId,
    allow_push_notifications: row.allowPushNotifications,
    telegram_id: row.telegramId,
    position: networkList[0]?.position ?? null,
    networks: networkList,
    last_login: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
  };
}

/** Memberships of the given users with network names, oldest first (the "first network" is stable). */
async function membershipsOf(db: Database, userIds: readonly string[]): Promise<MembershipRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: memberships.userId,
      networkId: memberships.networkId,
      name: networks.name,
      position: memberships.position,
    })
    .from(memberships)
    .innerJoin(networks, eq(networks.id, memberships.networkId))
    .where(inArray(memberships.userId, [...userIds]))
    .orderBy(asc(memberships.createdAt), asc(networks.name));
}

/** Maps several user rows at once with a single membership query. */
export async function toUserDtos(db: Database, rows: readonly UserRow[]): Promise<User[]> {
  const all = await membershipsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    toUserDto(
      row,
      all.filter((m) => m.userId === row.id),
    ),
  );
}

export async function findUserRow(db: Database, userId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** The API's view of one user, or null when there is no such user. */
export async function loadUserDto(db: Database, userId: string): Promise<User | null> {
  if (!isUuid(userId)) return null;
  const row = await findUserRow(db, userId);
  if (!row) return null;
  return toUserDto(row, await membershipsOf(db, [row.id]));
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs: a malformed one must be a 404, not a database cast error (500). */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
