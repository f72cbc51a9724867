import {
  addDays,
  copiedWeek,
  managerPositions,
  positions,
  shiftMessages,
  stationClock,
  weekDates,
  weekStartOf,
  type Position,
  type Shift,
  type ShiftCopyResponse,
  type ShiftSetBody,
  type ShiftsResponse,
  type ShiftStaff,
} from '@crm/shared';
import type { Database } from '../../db/client';
import type { Auth } from '../../plugins/auth';
import { badRequest, conflict, forbidden } from '../../plugins/errors';
import { loadStationForCaller, type StationAccess, type StationRow } from '../stations/station-access';
import { networkMembers } from '../stations/stations.repository';
import { isUuid } from '../users/users.repository';
import {
  deleteShift,
  deleteShiftsBetween,
  insertShifts,
  isNetworkMember,
  lockStationPlan,
  shiftsBetween,
  upsertShift,
  type Db,
} from './shifts.repository';

export type Caller = Pick<Auth, 'userId' | 'role'>;

/** Owners and principals plan shifts (S2 §6 managers), and role admin as support; the others read. */
const canEdit = (access: StationAccess) =>
  access.isAdmin || (!!access.position && managerPositions.includes(access.position));

function requireEditor(access: StationAccess) {
  if (!canEdit(access)) throw forbidden(shiftMessages.forbidden);
}

const staffName = (u: { name: string | null; surname: string | null; login: string }) =>
  [u.name, u.surname].filter(Boolean).join(' ') || u.login;

/** The network's members as the staff list orders them (owner first, then by surname). */
async function staffOf(db: Db, station: StationRow): Promise<ShiftStaff[]> {
  const members = await networkMembers(db, station.networkId);
  return members
    .filter((m) => (positions as readonly string[]).includes(m.position))
    .map((m) => ({ id: m.user.id, name: staffName(m.user), position: m.position as Position }));
}

async function weekPlan(db: Db, access: StationAccess, monday: string): Promise<ShiftsResponse> {
  const { station } = access;
  const days = weekDates(monday);
  return {
    week_start: monday,
    days,
    today: stationClock(station.timeZone).date,
    time_zone: station.timeZone,
    staff: await staffOf(db, station),
    shifts: await shiftsBetween(db, station, days[0]!, days[6]!),
    can_edit: canEdit(access),
  };
}

/** `GET /api/station/{stationId}/shifts?week=`: any member of the station reads the week's plan. */
export async function readWeek(
  db: Database,
  caller: Caller,
  stationId: string,
  week: string,
): Promise<ShiftsResponse> {
  const access = await loadStationForCaller(db, caller, stationId);
  return weekPlan(db, access, weekStartOf(week));
}

/**
 * `POST /api/station/{stationId}/shifts`: one member's day set to a shift, or cleared to a day off. The
 * person must be a member of the station's network at the moment of the write (checked under the lock).
 */
export async function setShift(
  db: Database,
  caller: Caller,
  stationId: string,
  body: ShiftSetBody,
): Promise<{ shift: Shift | null }> {
  const access = await loadStationForCaller(db, caller, stationId);
  requireEditor(access);
  const { station } = access;
  const notMember = () => badRequest({ user_id: shiftMessages.notMember }, shiftMessages.notMember);
  if (!isUuid(body.user_id)) throw notMember();
  return db.transaction(async (tx) => {
    await lockStationPlan(tx, station.id);
    if (!(await isNetworkMember(tx, station.networkId, body.user_id))) throw notMember();
    if (body.from === null || body.to === null) {
      await deleteShift(tx, station.id, body.user_id, body.date);
      return { shift: null };
    }
    const shift = { user_id: body.user_id, date: body.date, from: body.from, to: body.to };
    await upsertShift(tx, station.id, shift, caller.userId);
    return { shift };
  });
}

/**
 * `POST /api/station/{stationId}/shifts/copy-week`: the week before `week`'s Monday copied into its week,
 * all or nothing. A week that has shifts is replaced only with `overwrite` (409 first, so the client asks);
 * an empty last week changes nothing (`copied: 0`).
 */
export async function copyWeek(
  db: Database,
  caller: Caller,
  stationId: string,
  body: { week: string; overwrite: boolean },
): Promise<ShiftCopyResponse> {
  const access = await loadStationForCaller(db, caller, stationId);
  requireEditor(access);
  const { station } = access;
  const monday = weekStartOf(body.week);
  const days = weekDates(monday);
  return db.transaction(async (tx) => {
    await lockStationPlan(tx, station.id);
    const staff = await staffOf(tx, station);
    const last = await shiftsBetween(tx, station, addDays(monday, -7), addDays(monday, -1));
    // Nothing to copy: the week stays as it is (the client says so).
    if (last.length === 0) return { ...(await weekPlan(tx, access, monday)), copied: 0 };
    const current = await shiftsBetween(tx, station, days[0]!, days[6]!);
    if (current.length > 0 && !body.overwrite) throw conflict(shiftMessages.weekTaken);
    const copies = copiedWeek(last, monday, new Set(staff.map((s) => s.id)));
    await deleteShiftsBetween(tx, station.id, days[0]!, days[6]!);
    await insertShifts(tx, station.id, copies, caller.userId);
    return { ...(await weekPlan(tx, access, monday)), copied: copies.length };
  });
}
