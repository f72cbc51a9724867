import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { TenantIds } from './demo-ids';

interface Scope {
  table: string;
  where: ReturnType<typeof sql>;
}

const quoted = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/**
 * Every row that belongs to a tenant: the tables with a `network_id` or `station_id` column (found in
 * the catalogue, so a table added tomorrow is covered), its network and its members' user rows.
 */
async function scopesOf(db: Database, ids: TenantIds): Promise<Scope[]> {
  const result = await db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and column_name in ('network_id', 'station_id')
    order by table_name, column_name`);
  const rows = (result as unknown as { rows: { table_name: string; column_name: string }[] }).rows;
  const byTable = new Map<string, Set<string>>();
  for (const r of rows)
    byTable.set(r.table_name, (byTable.get(r.table_name) ?? new Set()).add(r.column_name));
  const stationList = sql.join(
    ids.station.map((s) => sql`${s}::uuid`),
    sql`, `,
  );
  const scopes: Scope[] = [];
  for (const [table, columns] of byTable) {
    scopes.push({
      table,
      where: columns.has('network_id')
        ? sql`t.network_id = ${ids.network[0]}::uuid`
        : sql`t.station_id in (${stationList})`,
    });
  }
  scopes.push({ table: 'networks', where: sql`t.id = ${ids.network[0]}::uuid` });
  scopes.push({
    table: 'users',
    where: sql`t.id in (${sql.join(
      ids.user.map((u) => sql`${u}::uuid`),
      sql`, `,
    )})`,
  });
  return scopes;
}

/**
 * A digest of each of the tenant's tables: compared before and after every foreign call, so a call that
 * answers 404 but changed the tenant's data anyway is caught too.
 */
export async function tenantFingerprinter(db: Database, ids: TenantIds) {
  const scopes = await scopesOf(db, ids);
  const query = sql.join(
    scopes.map(
      (s) =>
        // xmin is the transaction that wrote the row version: any insert, update or delete moves the count
        // or the sum, without formatting thousands of order rows on every probe.
        sql`select ${s.table} as name, count(*)::text || ':' || coalesce(sum(t.xmin::text::bigint), 0)::text as digest from ${quoted(s.table)} t where ${s.where}`,
    ),
    sql` union all `,
  );
  return async function fingerprint(): Promise<Map<string, string>> {
    const result = await db.execute<{ name: string; digest: string }>(query);
    const rows = (result as unknown as { rows: { name: string; digest: string }[] }).rows;
    return new Map(rows.map((r) => [r.name, r.digest]));
  };
}

/** The tables whose digest differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, digest]) => before.get(name) !== digest).map(([name]) => name);
}
