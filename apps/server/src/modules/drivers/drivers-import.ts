import { sql } from 'drizzle-orm';
import {
  clientMessages,
  groupImportRows,
  phoneTakenBy,
  type DriverImportResponse,
  type DriverImportRow,
  type ImportedClient,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { drivers } from '../../db/schema';
import { activePhonesAmong } from './drivers.repository';

/** Rows per INSERT: 7 parameters a row stays far below PostgreSQL's 65 535 per statement. */
const insertBatch = 1000;

/**
 * `POST /api/drivers/import/{networkId}`: each row checked with the form's rules, then against the
 * file's earlier rows (`groupImportRows`: a client's further rows add cars) and the network's active
 * clients (one client per phone). Not a dry run: every client to create is inserted in one transaction,
 * in batches; a client another call created meanwhile with the same phone is skipped (`on conflict do
 * nothing` on the unique index), never a failed import.
 */
export async function importDrivers(
  db: Database,
  networkId: string,
  rows: readonly DriverImportRow[],
  dryRun: boolean,
): Promise<DriverImportResponse> {
  const { results, clients } = groupImportRows(rows);
  const skip = (client: ImportedClient, reason: string) => {
    for (const i of client.rows) results[i] = { row: i + 1, status: 'skip', reason };
  };

  const taken = await activePhonesAmong(
    db,
    networkId,
    clients.map((c) => c.driver.phone),
  );
  const toCreate = clients.filter((client) => {
    const holder = taken.get(client.driver.phone);
    if (holder) skip(client, phoneTakenBy(holder));
    return !holder;
  });

  let created = 0;
  if (!dryRun && toCreate.length > 0) {
    const inserted = await db.transaction(async (tx) => {
      const phones = new Set<string>();
      for (let i = 0; i < toCreate.length; i += insertBatch) {
        const batch = toCreate.slice(i, i + insertBatch).map(({ driver }) => ({ networkId, ...driver }));
        const rowsIn = await tx
          .insert(drivers)
          .values(batch)
          .onConflictDoNothing({
            target: [drivers.networkId, drivers.phone],
            where: sql`not ${drivers.deleted}`,
          })
          .returning({ phone: drivers.phone });
        for (const r of rowsIn) phones.add(r.phone);
      }
      return phones;
    });
    created = inserted.size;
    for (const client of toCreate) {
      if (!inserted.has(client.driver.phone)) skip(client, clientMessages.phoneTaken);
    }
  }
  return {
    results,
    created,
    to_create: results.filter((r) => r.status === 'create').length,
    skipped: results.filter((r) => r.status === 'skip').length,
    dry_run: dryRun,
  };
}
