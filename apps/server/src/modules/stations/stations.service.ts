import { managerPositions, type Station, type StationCreate, type User } from '@crm/shared';
import type { Database } from '../../db/client';
import type { stations } from '../../db/schema';
import type { Auth } from '../../plugins/auth';
import { badRequest, forbidden, notFound } from '../../plugins/errors';
import { isUuid, toUserDto } from '../users/users.repository';
import { loadStationForCaller } from './station-access';
import { guessTimeZone, isValidTimeZone } from './station-dto';
import { unknownTimeZoneMessage } from './station-update';
import {
  createNetworkWithOwner,
  freeCarwashId,
  insertStation,
  membershipsOfUser,
  networkExists,
  networkMembers,
  stationDtoById,
  stationsOfUser,
  toStationDtos,
  type Db,
} from './stations.repository';

type Caller = Pick<Auth, 'userId' | 'role'>;

export async function listStations(db: Database, caller: Caller): Promise<Station[]> {
  return toStationDtos(db, await stationsOfUser(db, caller.userId));
}

export async function getStation(db: Database, caller: Caller, stationId: string): Promise<Station> {
  const { station } = await loadStationForCaller(db, caller, stationId);
  const [dto] = await toStationDtos(db, [station]);
  return dto!;
}

/**
 * The network a new station goes into (S1 §7 «POST /station/create»): the named one, or the caller's first
 * network where they are owner or principal; a user with no network at all gets a new one and owns it.
 */
async function networkForNewStation(tx: Db, caller: Caller, input: StationCreate): Promise<string> {
  const mine = await membershipsOfUser(tx, caller.userId);
  if (input.network_id !== undefined) {
    const networkId = input.network_id;
    const membership = mine.find((m) => m.networkId === networkId);
    if (caller.role === 'admin' && isUuid(networkId) && (await networkExists(tx, networkId)))
      return networkId;
    if (!membership) throw notFound();
    if (!managerPositions.includes(membership.position)) throw forbidden();
    return networkId;
  }
  const managed =
    mine.find((m) => m.position === 'owner') ?? mine.find((m) => managerPositions.includes(m.position));
  if (managed) return managed.networkId;
  if (mine.length > 0) throw forbidden();
  return createNetworkWithOwner(tx, `Сеть «${input.name}»`, caller.userId);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function createStation(db: Database, caller: Caller, input: StationCreate): Promise<Station> {
  if (input.time_zone !== undefined && !isValidTimeZone(input.time_zone)) {
    throw badRequest({ time_zone: unknownTimeZoneMessage });
  }
  const [lon, lat] = input.location!.coordinates;
  const values = {
    name: input.name,
    address: input.address,
    lon,
    lat,
    worktimeByDay: input.worktime_by_day,
    timeZone: input.time_zone ?? guessTimeZone(lat, lon),
    slotDuration: 30,
  } satisfies Partial<typeof stations.$inferInsert>;
  // Two creations may draw the same free carwash_id; the loser retries with a fresh one.
  for (let attempt = 1; ; attempt++) {
    try {
      const id = await db.transaction(async (tx) => {
        const networkId = await networkForNewStation(tx, caller, input);
        return insertStation(tx, { ...values, networkId, carwashId: await freeCarwashId(tx) }, input.boxes);
      });
      return await stationDtoById(db, id);
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}

/**
 * Members of the station's network (S1 §7 «list_of_users»). Each user shows only this network: their
 * memberships elsewhere belong to other tenants.
 */
export async function listStationUsers(db: Database, caller: Caller, stationId: string): Promise<User[]> {
  const { station } = await loadStationForCaller(db, caller, stationId);
  const members = await networkMembers(db, station.networkId);
  return members.map((m) =>
    toUserDto(m.user, [
      { userId: m.user.id, networkId: station.networkId, name: m.name, position: m.position },
    ]),
  );
}
