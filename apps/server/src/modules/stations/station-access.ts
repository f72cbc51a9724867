import { and, eq } from 'drizzle-orm';
import type { Position } from '@crm/shared';
import type { Database } from '../../db/client';
import { memberships, stations } from '../../db/schema';
import { forbidden, notFound } from '../../plugins/errors';
import type { Auth } from '../../plugins/auth';
import { isUuid } from '../users/users.repository';

export type StationRow = typeof stations.$inferSelect;

export interface StationAccess {
  station: StationRow;
  /** The caller's position in the station's network; null for a role-admin outsider. */
  position: Position | null;
  isAdmin: boolean;
}

/**
 * The station as the caller may see it: a member of its network, or role admin (who may open any
 * station, S1 §6). Unknown ids and other tenants' ids are the same 404 (DESIGN §4).
 */
export async function loadStationForCaller(
  db: Database,
  caller: Pick<Auth, 'userId' | 'role'>,
  stationId: string,
): Promise<StationAccess> {
  if (!isUuid(stationId)) throw notFound();
  const [row] = await db
    .select({ station: stations, position: memberships.position })
    .from(stations)
    .leftJoin(
      memberships,
      and(eq(memberships.networkId, stations.networkId), eq(memberships.userId, caller.userId)),
    )
    .where(eq(stations.id, stationId))
    .limit(1);
  const isAdmin = caller.role === 'admin';
  if (!row || (!row.position && !isAdmin)) throw notFound();
  return { station: row.station, position: (row.position as Position | null) ?? null, isAdmin };
}

/**
 * 403 unless the caller holds one of the positions in the station's network. Role admin passes when
 * `allowAdmin` (the default): support staff may fix any station's settings.
 */
export function requirePosition(
  access: StationAccess,
  allowed: readonly Position[],
  { allowAdmin = true }: { allowAdmin?: boolean } = {},
): void {
  if (allowAdmin && access.isAdmin) return;
  if (!access.position || !allowed.includes(access.position)) throw forbidden();
}

/** Who is a member of the station's network now (the live stream drops a listener who no longer is). */
export async function stationMemberIds(db: Database, stationId: string): Promise<Set<string>> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(stations)
    .innerJoin(memberships, eq(memberships.networkId, stations.networkId))
    .where(eq(stations.id, stationId));
  return new Set(rows.map((row) => row.userId));
}
