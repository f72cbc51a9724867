import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  drivers,
  fixedTariffs,
  networks,
  orders,
  stationInvitations,
  stations,
  tariffs,
  users,
} from '../../db/schema';
import { createInvitation } from '../../modules/invitations/invitations.service';

/** What an id in a request names; the gates substitute real ids of this kind (see id-kinds.ts). */
export type IdKind =
  | 'station'
  | 'network'
  | 'user'
  | 'order'
  | 'driver'
  | 'ownTariff'
  | 'yandexTariff'
  | 'carwash'
  | 'invitation'
  | 'fixedTariff'
  /** Another station of the network: the source of a provider-price import. */
  | 'sourceStation';

/** Real ids of one tenant, each list in preference order (the first is the "primary" id). */
export type TenantIds = Record<IdKind, string[]>;

/**
 * The stations' open orders ahead (booked or accepted), own orders first: they can still be edited, moved
 * along and cancelled, so requests reach deep. Read again per fuzzed operation (fuzz-run.ts), as the
 * operations before it cancel and complete some.
 */
export async function openOrderIds(db: Database, stationIds: string[]): Promise<string[]> {
  if (!stationIds.length) return [];
  const rows = await db
    .select({ id: orders.id, source: orders.source })
    .from(orders)
    .where(
      and(
        inArray(orders.stationId, stationIds),
        inArray(orders.status, ['Booked', 'Accepted']),
        gt(orders.bookingStart, new Date()),
      ),
    )
    .orderBy(asc(orders.bookingStart))
    .limit(40);
  return [...rows.filter((o) => o.source === 'Own'), ...rows.filter((o) => o.source !== 'Own')]
    .map((o) => o.id)
    .slice(0, 12);
}

async function tenantIds(db: Database, networkName: string, logins: string[]): Promise<TenantIds> {
  const [network] = await db.select().from(networks).where(eq(networks.name, networkName));
  if (!network) throw new Error(`no demo network ${networkName}`);
  const stationRows = await db
    .select()
    .from(stations)
    .where(eq(stations.networkId, network.id))
    .orderBy(asc(stations.carwashId));
  const stationIds = stationRows.map((s) => s.id);
  const driverRows = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.networkId, network.id), eq(drivers.deleted, false)))
    .orderBy(asc(drivers.createdAt))
    .limit(3);
  const tariffRows = stationIds.length
    ? await db
        .select({ id: tariffs.id, kind: tariffs.kind, stationId: tariffs.stationId })
        .from(tariffs)
        .where(and(inArray(tariffs.stationId, stationIds), isNull(tariffs.deletedAt)))
    : [];
  // Tariffs of the primary station first: a request pairs them with the primary station id.
  const byPrimary = [...tariffRows].sort(
    (a, b) => Number(b.stationId === stationIds[0]) - Number(a.stationId === stationIds[0]),
  );
  const userRows = await db
    .select({ id: users.id, login: users.login })
    .from(users)
    .where(inArray(users.login, logins));
  // The seed has no invitations: the first login (an owner) makes one at the primary station, so the
  // invitation routes get real ids of each tenant too.
  const ownerId = userRows.find((u) => u.login === logins[0])!.id;
  if (stationIds[0]) {
    await createInvitation(
      db,
      { userId: ownerId, role: 'user' },
      stationIds[0],
      'administrator',
      'http://gate',
    );
  }
  const invitationRows = stationIds.length
    ? await db
        .select({ id: stationInvitations.id })
        .from(stationInvitations)
        .where(inArray(stationInvitations.stationId, stationIds))
    : [];
  const fixedRows = stationIds[0]
    ? await db
        .select({ id: fixedTariffs.id })
        .from(fixedTariffs)
        .where(eq(fixedTariffs.stationId, stationIds[0]))
        .orderBy(asc(fixedTariffs.position))
    : [];
  return {
    station: stationIds,
    sourceStation: stationIds.slice(1),
    fixedTariff: fixedRows.map((f) => f.id),
    network: [network.id],
    user: logins.map((l) => userRows.find((u) => u.login === l)!.id),
    order: await openOrderIds(db, stationIds),
    driver: driverRows.map((d) => d.id),
    ownTariff: byPrimary.filter((t) => t.kind === 'own').map((t) => t.id),
    yandexTariff: byPrimary.filter((t) => t.kind === 'yandex').map((t) => t.id),
    carwash: stationRows.map((s) => s.carwashId),
    invitation: invitationRows.map((i) => i.id),
  };
}

/** «Демо-сеть» (owner, worker and colleagues) and «Соседняя сеть» (rival) as seeded. */
export async function demoTenants(db: Database) {
  return {
    demo: await tenantIds(db, 'Демо-сеть', ['owner', 'worker', 'administrator', 'principal']),
    rival: await tenantIds(db, 'Соседняя сеть', ['rival']),
  };
}
