import { and, eq } from 'drizzle-orm';
import type { User } from '@crm/shared';
import type { Database } from '../../db/client';
import { memberships, stations, users } from '../../db/schema';
import type { Auth } from '../../plugins/auth';
import { forbidden, notFound } from '../../plugins/errors';
import { isUuid, loadUserDto } from '../users/users.repository';

/**
 * Ends first-time setup (S2 §4 «Wizard», final step): the wizard user who owns the station's network
 * becomes an ordinary user with no pending redirect, and the station leaves «awaiting setup» — together.
 */
export async function finishWizard(
  db: Database,
  caller: Pick<Auth, 'userId' | 'role'>,
  stationId: string,
): Promise<User> {
  if (!isUuid(stationId)) throw notFound();
  const [row] = await db
    .select({ position: memberships.position })
    .from(stations)
    .innerJoin(
      memberships,
      and(eq(memberships.networkId, stations.networkId), eq(memberships.userId, caller.userId)),
    )
    .where(eq(stations.id, stationId))
    .limit(1);
  if (!row) throw notFound();
  if (caller.role !== 'wizard' || row.position !== 'owner') throw forbidden();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ role: 'user', redirectTo: null }).where(eq(users.id, caller.userId));
    await tx.update(stations).set({ awaitingSetup: false }).where(eq(stations.id, stationId));
  });
  const user = await loadUserDto(db, caller.userId);
  if (!user) throw notFound();
  return user;
}
