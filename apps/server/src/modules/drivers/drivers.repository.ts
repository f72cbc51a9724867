import { and, asc, count, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  driverListDefaults,
  driverSearchMinLength,
  foldSearch,
  plateQueryOf,
  searchTrigrams,
  type Driver,
  type DriverFilter,
  type DriverSort,
  type Position,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { drivers, memberships, networks, orders } from '../../db/schema';
import type { Auth } from '../../plugins/auth';
import { forbidden, notFound } from '../../plugins/errors';
import { orderWriterPositions } from '../orders/order-access';
import { containsPattern, likeEscape } from '../../db/sql-text';
import { isUuid } from '../users/users.repository';

export type DriverRow = typeof drivers.$inferSelect;
export type DriverInsert = typeof drivers.$inferInsert;

export interface NetworkAccess {
  networkId: string;
  /** The caller's position in the network; null for a role-admin outsider. */
  position: Position | null;
  isAdmin: boolean;
}

/**
 * The network as the caller may see it: a member, or role admin (support may open any network, S1 §6).
 * Unknown ids and other tenants' networks are the same 404 (DESIGN §4).
 */
export async function loadNetworkForCaller(
  db: Database,
  caller: Pick<Auth, 'userId' | 'role'>,
  networkId: string,
): Promise<NetworkAccess> {
  if (!isUuid(networkId)) throw notFound();
  const [row] = await db
    .select({ id: networks.id, position: memberships.position })
    .from(networks)
    .leftJoin(memberships, and(eq(memberships.networkId, networks.id), eq(memberships.userId, caller.userId)))
    .where(eq(networks.id, networkId))
    .limit(1);
  const isAdmin = caller.role === 'admin';
  if (!row || (!row.position && !isAdmin)) throw notFound();
  return { networkId: row.id, position: (row.position as Position | null) ?? null, isAdmin };
}

/** Same rights as writing an order (team brief): a worker moves orders along but keeps no client base. */
export function requireClientWriter(access: Pick<NetworkAccess, 'position' | 'isAdmin'>): void {
  if (access.isAdmin) return;
  if (!access.position || !orderWriterPositions.includes(access.position)) throw forbidden();
}

/** The client and the caller's access to its network; another network's client is the same 404. */
export async function loadDriverForCaller(
  db: Database,
  caller: Pick<Auth, 'userId' | 'role'>,
  driverId: string,
): Promise<{ driver: DriverRow; access: NetworkAccess }> {
  if (!isUuid(driverId)) throw notFound();
  const [row] = await db
    .select({ driver: drivers, position: memberships.position })
    .from(drivers)
    .leftJoin(
      memberships,
      and(eq(memberships.networkId, drivers.networkId), eq(memberships.userId, caller.userId)),
    )
    .where(eq(drivers.id, driverId))
    .limit(1);
  const isAdmin = caller.role === 'admin';
  if (!row || (!row.position && !isAdmin)) throw notFound();
  return {
    driver: row.driver,
    access: { networkId: row.driver.networkId, position: (row.position as Position | null) ?? null, isAdmin },
  };
}

export function toDriverDto(row: DriverRow): Driver {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    phone: row.phone,
    discount: row.discount,
    cars: row.cars.map((c) => ({
      brand: c.brand,
      model: c.model,
      ...(c.plate_number ? { plate_number: c.plate_number } : {}),
    })),
    deleted: row.deleted,
    date_created: row.createdAt.toISOString(),
    network_id: row.networkId,
  };
}

/**
 * ORDER BY of each sort (S2 §9): deleted clients after active ones (S2 §4), then the key, then ties that
 * never reshuffle a page. Each matches one `drivers_sort_*` index exactly (schema/catalog.ts), and
 * `compareDrivers` in packages/shared says the same in JavaScript.
 */
/** drizzle-kit writes DESC indexes as NULLS LAST; a bare DESC means NULLS FIRST and would miss them. */
const desc = (column: AnyPgColumn) => sql`${column} desc nulls last`;

const sortOrders: Record<DriverSort, SQL[]> = {
  name_asc: [asc(drivers.sortName), asc(drivers.sortSurname), asc(drivers.id)],
  name_desc: [desc(drivers.sortName), desc(drivers.sortSurname), desc(drivers.id)],
  surname_asc: [asc(drivers.sortSurname), asc(drivers.sortName), asc(drivers.id)],
  surname_desc: [desc(drivers.sortSurname), desc(drivers.sortName), desc(drivers.id)],
  discount_asc: [asc(drivers.discount), asc(drivers.sortName), asc(drivers.sortSurname), asc(drivers.id)],
  discount_desc: [desc(drivers.discount), asc(drivers.sortName), asc(drivers.sortSurname), asc(drivers.id)],
  created_asc: [asc(drivers.createdAt), asc(drivers.id)],
  created_desc: [desc(drivers.createdAt), desc(drivers.id)],
};
const orderBy = (sort: DriverSort) => [asc(drivers.networkId), asc(drivers.deleted), ...sortOrders[sort]];

/** Every client of the network, active first, by name: the spec's unpaged list. */
export async function listDrivers(db: Database, networkId: string): Promise<Driver[]> {
  const rows = await db
    .select()
    .from(drivers)
    .where(eq(drivers.networkId, networkId))
    .orderBy(...orderBy('name_asc'));
  return rows.map(toDriverDto);
}

/** A plate as the order form writes it (`normalizePlate`): upper case, Latin twins Cyrillic, no gaps. */
const plateText = (value: SQL) =>
  sql`translate(upper(coalesce(${value}, '')), 'ABEKMHOPCTYX -', 'АВЕКМНОРСТУХ')`;

/**
 * Clients of the network with a car of theirs, or an order of theirs, whose plate contains `plate`
 * (issue 38: «Клиенты» finds what the order form's picker finds). The orders are the network's own,
 * read once (not per client).
 */
function plateCondition(networkId: string, plate: string): SQL {
  const pattern = `%${likeEscape(plate)}%`;
  return sql`(exists (select 1 from jsonb_array_elements(${drivers.cars}) as car where ${plateText(sql`car->>'plate_number'`)} like ${pattern})
    or ${drivers.id} in (select ${orders.driverId} from ${orders} where ${orders.networkId} = ${networkId} and ${orders.driverId} is not null and ${plateText(sql`${orders.clientCar}->>'plate_number'`)} like ${pattern}))`;
}

/**
 * Clients whose «name surname» (either order) contains the query, or — for a query without letters —
 * whose phone contains its digits (S2 §5). A number typed with the Russian trunk prefix 8 («8 916 …») also finds the stored +7 916 ….
 * Each alternative is «all its trigrams are in the client's trigrams» (the GIN index narrows to a few
 * rows) and the exact LIKE on the folded text. A piece of a plate («а123вс», `plateQueryOf`) also finds
 * the clients with that plate on a car or an order of theirs.
 */
export function searchCondition(query: string, networkId: string): SQL | undefined {
  const alternatives: SQL[] = [];
  const add = (piece: string, pattern: string) => {
    const trigrams = searchTrigrams(piece);
    if (trigrams.length === 0) return;
    alternatives.push(
      sql`(${drivers.searchTrigrams} @> ${sql.param(trigrams)}::text[] and ${drivers.searchText} like ${pattern})`,
    );
  };
  const text = foldSearch(query);
  add(text, containsPattern(query));
  // Digits inside a name («Иванов2») are part of the name, not a phone number to match
  // against every client's phone.
  const digits = /\p{L}/u.test(query) ? '' : query.replace(/\D/g, '');
  if (digits.length >= 3 && digits !== text) add(digits, `%${digits}%`);
  if (digits.length >= 4 && digits.startsWith('8')) {
    const local = `+7${digits.slice(1)}`;
    add(local, `%${likeEscape(local)}%`);
  }
  const plate = plateQueryOf(query);
  if (plate) alternatives.push(plateCondition(networkId, plate));
  return alternatives.length ? or(...alternatives) : undefined;
}

/** How many clients a search returns: a picker, not a report. */
export const searchLimit = 20;

export async function searchDrivers(db: Database, networkId: string, query: string): Promise<Driver[]> {
  const rows = await db
    .select()
    .from(drivers)
    .where(and(eq(drivers.networkId, networkId), searchCondition(query, networkId)))
    .orderBy(...orderBy('name_asc'))
    .limit(searchLimit);
  return rows.map(toDriverDto);
}

export interface DriverPageQuery {
  page?: number;
  page_size?: number;
  filter?: DriverFilter;
  sort?: DriverSort;
  search?: string;
}

/** One page of the clients page (S2 §2, §9) and how many match; see `driverListQuerySchema`. */
export async function listDriversPage(
  db: Database,
  networkId: string,
  query: DriverPageQuery,
): Promise<{ drivers: Driver[]; total: number }> {
  const page = query.page ?? driverListDefaults.page;
  const size = query.page_size ?? driverListDefaults.page_size;
  const filter = query.filter ?? driverListDefaults.filter;
  const search = query.search?.trim() ?? '';
  const where = and(
    eq(drivers.networkId, networkId),
    filter === 'active'
      ? eq(drivers.deleted, false)
      : filter === 'deleted'
        ? eq(drivers.deleted, true)
        : undefined,
    search.length >= driverSearchMinLength ? searchCondition(search, networkId) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(drivers)
      .where(where)
      .orderBy(...orderBy(query.sort ?? driverListDefaults.sort))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(drivers).where(where),
  ]);
  return { drivers: rows.map(toDriverDto), total: counted?.n ?? 0 };
}

/** The network's active client with this phone ('+' and digits), other than `exceptId`. */
export async function findActiveByPhone(db: Database, networkId: string, phone: string, exceptId?: string) {
  const [row] = await db
    .select({ id: drivers.id, name: drivers.name, surname: drivers.surname })
    .from(drivers)
    .where(
      and(
        eq(drivers.networkId, networkId),
        eq(drivers.phone, phone),
        eq(drivers.deleted, false),
        exceptId ? ne(drivers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Active clients of the network holding any of these phones (the import's duplicate check). */
export async function activePhonesAmong(db: Database, networkId: string, phones: string[]) {
  const taken = new Map<string, { name: string; surname: string }>();
  // Chunks keep each statement's parameter list well below PostgreSQL's 65 535.
  for (let i = 0; i < phones.length; i += 5000) {
    const rows = await db
      .select({ phone: drivers.phone, name: drivers.name, surname: drivers.surname })
      .from(drivers)
      .where(
        and(
          eq(drivers.networkId, networkId),
          eq(drivers.deleted, false),
          inArray(drivers.phone, phones.slice(i, i + 5000)),
        ),
      );
    for (const r of rows) taken.set(r.phone, r);
  }
  return taken;
}

/**
 * One client per phone among a network's active clients: the transaction-scoped lock makes two writes of
 * one number queue, so the check before the write holds (the unique index is the backstop).
 */
export async function lockPhone(db: Database, networkId: string, phone: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`drivers:${networkId}:${phone}`}))`);
}

export async function insertDriver(db: Database, values: DriverInsert): Promise<DriverRow> {
  const [row] = await db.insert(drivers).values(values).returning();
  return row!;
}

export async function updateDriver(
  db: Database,
  id: string,
  values: Partial<DriverInsert>,
): Promise<DriverRow> {
  const [row] = await db.update(drivers).set(values).where(eq(drivers.id, id)).returning();
  return row!;
}
