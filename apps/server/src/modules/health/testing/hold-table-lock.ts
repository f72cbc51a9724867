import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/**
 * Keeps a table locked in an open transaction until `release()`: every query that touches it waits, the
 * way it would behind a stuck database. On PGlite (one connection) every other query waits as well.
 */
export async function holdTableLock(db: Database, table: SQL) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const done = db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${table} in access exclusive mode`);
    locked();
    await gate;
  });
  // A failure to lock must fail the test, not leave it waiting.
  await Promise.race([isLocked, done]);
  return {
    async release() {
      release();
      await done;
    },
  };
}
