import { and, eq, isNull } from 'drizzle-orm';
import {
  invitationLifetimeDays,
  invitationMessages,
  invitationPath,
  managerPositions,
  type AssignablePosition,
  type Invitation,
  type InvitationCreated,
  type InvitationPreview,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { memberships, stationInvitations } from '../../db/schema';
import type { Auth } from '../../plugins/auth';
import { forbidden, notFound } from '../../plugins/errors';
import { loadStationForCaller, requirePosition } from '../stations/station-access';
import { isUuid } from '../users/users.repository';
import { hashSecret } from '../../secrets';
import { newInvitationToken } from './invitation-token';
import {
  findPreview,
  findWithCreator,
  listActive,
  lockRedeemable,
  type InvitationRow,
  type Tx,
} from './invitations.repository';

type Caller = Pick<Auth, 'userId' | 'role'>;

const dayMs = 24 * 60 * 60 * 1000;

function toDto(
  row: InvitationRow,
  creator: { id: string; name: string | null; surname: string | null } | null,
): Invitation {
  return {
    id: row.id,
    station_id: row.stationId,
    position: row.position as AssignablePosition,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    created_by: creator,
  };
}

/** Owners and principals of the station's network (and role admin) manage its invitations (S2 §6). */
async function requireManager(db: Database, caller: Caller, stationId: string) {
  const access = await loadStationForCaller(db, caller, stationId);
  requirePosition(access, managerPositions);
  return access;
}

/**
 * `POST /api/station/invitations/{stationId}`: a new single-use link granting `position`. The token is
 * returned once and only its hash is kept.
 */
export async function createInvitation(
  db: Database,
  caller: Caller,
  stationId: string,
  position: AssignablePosition,
  publicUrl: string,
  now = new Date(),
): Promise<InvitationCreated> {
  await requireManager(db, caller, stationId);
  const token = newInvitationToken();
  const [row] = await db
    .insert(stationInvitations)
    .values({
      stationId,
      tokenHash: hashSecret(token),
      position,
      createdBy: caller.userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + invitationLifetimeDays * dayMs),
    })
    .returning();
  return {
    id: row!.id,
    token,
    url: `${publicUrl}${invitationPath(stationId, token)}`,
    position,
    expires_at: row!.expiresAt.toISOString(),
  };
}

/** `GET /api/station/invitations/{stationId}`: the links that still work, without their tokens. */
export async function listInvitations(
  db: Database,
  caller: Caller,
  stationId: string,
  now = new Date(),
): Promise<Invitation[]> {
  await requireManager(db, caller, stationId);
  const rows = await listActive(db, stationId, now);
  return rows.map((r) => toDto(r.invitation, r.creator));
}

/**
 * `POST /api/station/invitations/revoke/{id}`: the link stops working at once. Revoking one that is
 * already used, revoked or expired changes nothing and answers the same, so a double click is harmless.
 */
export async function revokeInvitation(db: Database, caller: Caller, id: string): Promise<Invitation> {
  const found = isUuid(id) ? await findWithCreator(db, id) : null;
  if (!found) throw notFound();
  // Another network's invitation is the same 404 as an unknown id (DESIGN §4).
  await requireManager(db, caller, found.invitation.stationId);
  await db
    .update(stationInvitations)
    .set({ revokedAt: new Date(), revokedBy: caller.userId })
    .where(
      and(
        eq(stationInvitations.id, id),
        isNull(stationInvitations.revokedAt),
        isNull(stationInvitations.usedAt),
      ),
    );
  return toDto(found.invitation, found.creator);
}

/**
 * `POST /api/station/invitations/preview`: what the link's invitee is told before signing in (who invites
 * him, to which network and station, as whom). Anything but an active invitation of this very station is
 * the same 404, whatever the reason, so the endpoint tells a guesser nothing.
 */
export async function previewInvitation(
  db: Database,
  stationId: string,
  token: string,
  now = new Date(),
): Promise<InvitationPreview> {
  const found = isUuid(stationId) ? await findPreview(db, stationId, hashSecret(token), now) : null;
  if (!found) throw notFound(invitationMessages.invalid);
  const inviter = [found.inviterName, found.inviterSurname].filter(Boolean).join(' ').trim();
  return {
    inviter: inviter || null,
    station_name: found.stationName,
    network_name: found.networkName,
    station_count: found.stationCount,
    position: found.position as AssignablePosition,
    expires_at: found.expiresAt.toISOString(),
  };
}

/**
 * Redeems an invitation inside the caller's transaction: the user joins the station's network with the
 * invitation's position and the invitation records who used it and when. A user already in the network
 * keeps their position (an owner is never downgraded) and leaves the invitation for the person it was
 * meant for. Anything but an active invitation of this very station is the same 403, whatever the reason.
 */
export async function redeemInvitation(
  tx: Tx,
  userId: string,
  stationId: string,
  token: string | undefined,
  now = new Date(),
): Promise<void> {
  const invalid = () => forbidden(invitationMessages.invalid);
  if (!token || !isUuid(stationId)) throw invalid();
  const found = await lockRedeemable(tx, stationId, hashSecret(token), now);
  if (!found) throw invalid();
  const joined = await tx
    .insert(memberships)
    .values({ userId, networkId: found.networkId, position: found.invitation.position })
    .onConflictDoNothing()
    .returning({ userId: memberships.userId });
  if (joined.length === 0) return;
  await tx
    .update(stationInvitations)
    .set({ usedAt: now, usedBy: userId })
    .where(eq(stationInvitations.id, found.invitation.id));
}
