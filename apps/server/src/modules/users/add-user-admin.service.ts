import { eq } from 'drizzle-orm';
import { staffMessages, type AddUserAdminBody, type User } from '@crm/shared';
import type { Database } from '../../db/client';
import { memberships, stations, users } from '../../db/schema';
import type { Auth } from '../../plugins/auth';
import { AppError, conflict, forbidden, notFound } from '../../plugins/errors';
import { isUuid, loadUserDto } from './users.repository';

/**
 * `POST /api/user/add_user_admin/{stationId}` (DESIGN §11): support (role admin) puts an existing user,
 * found by login, into the station's network. Nobody else may: staff join by invitation (DESIGN §10).
 */
export async function addUserAdmin(
  db: Database,
  caller: Pick<Auth, 'role'>,
  stationId: string,
  body: AddUserAdminBody,
): Promise<User> {
  if (caller.role !== 'admin') throw forbidden();
  const [station] = isUuid(stationId)
    ? await db.select({ networkId: stations.networkId }).from(stations).where(eq(stations.id, stationId))
    : [];
  if (!station) throw notFound();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.login, body.login)).limit(1);
  if (!user) {
    throw new AppError(404, 'NOT_FOUND', staffMessages.userNotFound, { login: staffMessages.userNotFound });
  }
  // The primary key (user, network) settles a race between two clicks: one insert, one 409.
  const inserted = await db
    .insert(memberships)
    .values({ userId: user.id, networkId: station.networkId, position: body.position ?? 'administrator' })
    .onConflictDoNothing()
    .returning({ userId: memberships.userId });
  if (inserted.length === 0) throw conflict(staffMessages.alreadyMember);
  const dto = await loadUserDto(db, user.id);
  if (!dto) throw notFound();
  return dto;
}
