import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Driver, Position } from '@crm/shared';
import type { Database } from '../../db/client';
import { drivers, memberships, networks } from '../../db/schema';
import type { Auth } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { containsPattern, foldedSql } from '../../db/sql-text';
import { isUuid } from '../users/users.repository';

export type DriverRow = typeof drivers.$inferSelect;

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

/** Active clients first, then deleted ones (S2 §4), each by name and surname. */
const clientOrder = [
  asc(drivers.deleted),
  asc(sql`lower(${drivers.name})`),
  asc(sql`lower(${drivers.surname})`),
];

export async function listDrivers(db: Database, networkId: string): Promise<Driver[]> {
  const rows = await db
    .select()
    .from(drivers)
    .where(eq(drivers.networkId, networkId))
    .orderBy(...clientOrder);
  return rows.map(toDriverDto);
}

/** How many clients a search returns: a picker, not a report. */
export const searchLimit = 20;

/**
 * Clients whose «name surname» (either order) contains the query, or whose phone contains its digits
 * (S2 §5: search matches name plus surname or phone). A number typed with the Russian trunk prefix 8
 * («8 916 …») also finds the stored +7 916 ….
 */
export async function searchDrivers(db: Database, networkId: string, query: string): Promise<Driver[]> {
  const text = containsPattern(query);
  const matches: SQL[] = [
    sql`${foldedSql(sql`${drivers.name} || ' ' || ${drivers.surname}`)} like ${text}`,
    sql`${foldedSql(sql`${drivers.surname} || ' ' || ${drivers.name}`)} like ${text}`,
  ];
  const digits = query.replace(/\D/g, '');
  if (digits.length >= 3) {
    matches.push(sql`${drivers.phone} like ${`%${digits}%`}`);
    if (digits.length >= 4 && digits.startsWith('8')) {
      matches.push(sql`${drivers.phone} like ${`+7${digits.slice(1)}%`}`);
    }
  }
  const rows = await db
    .select()
    .from(drivers)
    .where(and(eq(drivers.networkId, networkId), or(...matches)))
    .orderBy(...clientOrder)
    .limit(searchLimit);
  return rows.map(toDriverDto);
}

/** A client of the network with this phone ('+' and digits), deleted ones included. */
export async function findDriverByPhone(db: Database, networkId: string, phone: string) {
  const [row] = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.networkId, networkId), eq(drivers.phone, phone)))
    .limit(1);
  return row ?? null;
}

export async function insertDriver(db: Database, values: typeof drivers.$inferInsert): Promise<DriverRow> {
  const [row] = await db.insert(drivers).values(values).returning();
  return row!;
}
