import { and, eq } from 'drizzle-orm';
import { managerPositions, type CrmData, type Position, type User, type UserUpdateBody } from '@crm/shared';
import type { Database } from '../../db/client';
import { memberships, sessions, users } from '../../db/schema';
import type { Auth } from '../../plugins/auth';
import { forbidden, notFound } from '../../plugins/errors';
import { redeemInvitation } from '../invitations/invitations.service';
import { findUserRow, isUuid, loadUserDto } from './users.repository';

type Caller = Pick<Auth, 'userId' | 'role'>;

/** `GET /api/user/{id}`: oneself, or anyone for role admin; any other id is not found. */
export async function getUser(db: Database, caller: Caller, id: string) {
  if (id !== caller.userId && caller.role !== 'admin') throw notFound();
  const row = isUuid(id) ? await findUserRow(db, id) : null;
  const user = row ? await loadUserDto(db, row.id) : null;
  if (!row || !user) throw notFound();
  return { user, redirect_to: row.redirectTo };
}

interface Membership {
  networkId: string;
  position: Position;
}

async function membershipsOf(db: Pick<Database, 'select'>, userId: string): Promise<Membership[]> {
  const rows = await db
    .select({ networkId: memberships.networkId, position: memberships.position })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(memberships.createdAt);
  return rows.map((r) => ({ networkId: r.networkId, position: r.position as Position }));
}

/**
 * The network in which the caller acts on another user: one both belong to where the caller is owner or
 * principal (S2 §6). Role admin acts in the target's first network. A stranger is a 404, a colleague
 * without the right position a 403.
 */
async function staffContext(db: Database, caller: Caller, targetId: string) {
  const [mine, theirs] = await Promise.all([membershipsOf(db, caller.userId), membershipsOf(db, targetId)]);
  const shared = theirs.filter((t) => mine.some((m) => m.networkId === t.networkId));
  const managed = shared.find((t) =>
    managerPositions.includes(mine.find((m) => m.networkId === t.networkId)!.position),
  );
  if (managed) return managed;
  if (caller.role === 'admin') return theirs[0] ?? null;
  if (shared.length > 0) throw forbidden();
  throw notFound();
}

/**
 * `POST /api/user/update/{userId}` (S1 §7, S2 §6): one's own profile; or, for an owner or principal, a
 * member of their network — profile, position (worker, administrator, principal) or, with
 * `networks: []`, removal from that network. An owner's membership is never changed by someone else.
 */
export async function updateUser(
  db: Database,
  caller: Caller,
  userId: string,
  body: UserUpdateBody,
): Promise<User> {
  if (!isUuid(userId) || !(await findUserRow(db, userId))) throw notFound();
  const self = userId === caller.userId;
  const context = self ? null : await staffContext(db, caller, userId);
  const changesMembership = body.networks !== undefined || body.position !== undefined;

  if (self && changesMembership) {
    const current = (await membershipsOf(db, userId))[0]?.position;
    // Saving one's own form with one's own position is fine; promoting or removing oneself is not.
    if (body.networks !== undefined || body.position !== current) throw forbidden();
  }
  // The owner's record is the owner's own: nobody else edits, demotes or removes them (S2 §6).
  if (!self && context?.position === 'owner') throw forbidden();
  if (!self && changesMembership && !context) throw forbidden();

  await db.transaction(async (tx) => {
    if (body.networks !== undefined) {
      await tx
        .delete(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.networkId, context!.networkId)));
      // A removed colleague must not keep working on an open tab: every session of theirs ends now.
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      return;
    }
    await tx
      .update(users)
      .set({ name: body.name, surname: body.surname, email: body.email, number: body.number })
      .where(eq(users.id, userId));
    if (!self && body.position !== undefined) {
      await tx
        .update(memberships)
        .set({ position: body.position })
        .where(and(eq(memberships.userId, userId), eq(memberships.networkId, context!.networkId)));
    }
  });

  const user = await loadUserDto(db, userId);
  if (!user) throw notFound();
  if (self || caller.role === 'admin') return user;
  // A colleague sees the user only as a member of the shared network, not of other tenants'.
  const networks = user.networks.filter((n) => n.id === context!.networkId);
  return { ...user, position: networks[0]?.position ?? null, networks };
}

/** CRM data is one's own (S1 §7): any other id is not found. */
function requireSelf(caller: Caller, id: string) {
  if (id !== caller.userId) throw notFound();
}

export async function getCrmData(db: Database, caller: Caller, id: string): Promise<CrmData> {
  requireSelf(caller, id);
  const row = await findUserRow(db, id);
  if (!row) throw notFound();
  return row.crmData;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Members of `patch` replace those of `base`, except objects, which merge member by member. */
export function deepMerge<T extends Record<string, unknown>>(base: T, patch: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    out[key] = isPlainObject(value) && isPlainObject(out[key]) ? deepMerge(out[key], value) : value;
  }
  return out as T;
}

/** Merges the patch into the stored CRM data; the row lock keeps two tabs' updates from losing one. */
export async function updateCrmData(
  db: Database,
  caller: Caller,
  id: string,
  patch: CrmData,
): Promise<CrmData> {
  requireSelf(caller, id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ crmData: users.crmData })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!row) throw notFound();
    const merged = deepMerge(row.crmData as Record<string, unknown>, patch) as CrmData;
    await tx.update(users).set({ crmData: merged }).where(eq(users.id, id));
    return merged;
  });
}

/**
 * `POST /api/user/move_to_station/{stationId}/{userId}` (S1 §2 invitation link): the caller joins the
 * station's network with the position of the invitation whose token they send (DESIGN §10). A station id
 * is no secret, so without a valid token nothing happens; one joins only oneself.
 */
export async function moveToStation(
  db: Database,
  caller: Caller,
  stationId: string,
  userId: string,
  token: string | undefined,
): Promise<User> {
  if (userId !== caller.userId) throw forbidden();
  await db.transaction((tx) => redeemInvitation(tx, userId, stationId, token));
  const user = await loadUserDto(db, userId);
  if (!user) throw notFound();
  return user;
}
