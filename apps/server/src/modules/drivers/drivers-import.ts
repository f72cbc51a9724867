import { sql } from 'drizzle-orm';
import {
  clientMessages,
  phoneTakenBy,
  validateImportRow,
  type DriverImportResponse,
  type DriverImportResult,
  type DriverImportRow,
  type ImportedDriver,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { drivers } from '../../db/schema';
import { activePhonesAmong } from './drivers.repository';

/** Rows per INSERT: 7 parameters a row stays far below PostgreSQL's 65 535 per statement. */
const insertBatch = 1000;

/**
 * `POST /api/drivers/import/{networkId}`: each row checked with the form's rules, then against the
 * file's earlier rows and the network's active clients (one client per phone). Not a dry run: every row
 * to create is inserted in one transaction, in batches; a client another call created meanwhile with the
 * same phone is skipped (`on conflict do nothing` on the unique index), never a failed import.
 */
export async function importDrivers(
  db: Database,
  networkId: string,
  rows: readonly DriverImportRow[],
  dryRun: boolean,
): Promise<DriverImportResponse> {
  const results: DriverImportResult[] = [];
  const valid: { index: number; driver: ImportedDriver }[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const checked = validateImportRow(row);
    if ('reason' in checked) {
      results.push({ row: index + 1, status: 'skip', reason: checked.reason });
    } else if (seen.has(checked.ok.phone)) {
      results.push({ row: index + 1, status: 'skip', reason: clientMessages.importDuplicateInFile });
    } else {
      seen.add(checked.ok.phone);
      valid.push({ index, driver: checked.ok });
      results.push({ row: index + 1, status: 'create', reason: null });
    }
  });

  const taken = await activePhonesAmong(db, networkId, [...seen]);
  const toCreate = valid.filter(({ index, driver }) => {
    const holder = taken.get(driver.phone);
    if (holder) results[index] = { row: index + 1, status: 'skip', reason: phoneTakenBy(holder) };
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
    for (const { index, driver } of toCreate) {
      if (!inserted.has(driver.phone)) {
        results[index] = { row: index + 1, status: 'skip', reason: clientMessages.phoneTaken };
      }
    }
  }
  const toCreateCount = results.filter((r) => r.status === 'create').length;
  return {
    results,
    created,
    to_create: toCreateCount,
    skipped: results.length - toCreateCount,
    dry_run: dryRun,
  };
}
