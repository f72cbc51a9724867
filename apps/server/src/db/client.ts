import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fsyncTree } from './fsync-tree';
import { PgliteWorkerClient } from './pglite-worker-client';
import * as schema from './schema';

/** One Drizzle handle whatever the engine: the same SQL and code path for PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export class DataDirLockedError extends Error {}

/**
 * PGlite is single-process: two servers on one data directory would corrupt it. Take an exclusive lock
 * file holding our pid; a stale lock (its process is gone) is taken over.
 */
export function lockDataDir(dir: string): () => void {
  const lockPath = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lockPath, 'utf8'));
      if (pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another server process (pid ${pid}). ` +
            `Stop it first, or start this one with another DATA_DIR or a DATABASE_URL.`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface OpenOptions {
  databaseUrl?: string;
  /** A folder for PGlite, or undefined for an in-memory database. */
  dataDir?: string;
  /** A PGlite data-directory dump to start from (tests: skips initdb and migrations). */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
      // A database host that vanished without a refusal (a network cut) must not hang calls for the
      // minutes TCP takes to give up: the call fails, and answers 503 (plugins/database-unavailable.ts).
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    });
    pool.on('error', () => {}); // an idle client's dropped connection must not crash the process
    // Nor a checked-out one's (issue 41): pg-pool takes its listener off a client it lends, and a client
    // whose connection is cut (PostgreSQL restarting) emits 'error' besides failing its query — without a
    // listener that ended the process. The query's own error is answered 503 and the pool drops the client.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let unlock = () => {};
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = resolve(options.dataDir);
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  try {
    // PGlite runs in a worker thread, off the thread that answers HTTP (pglite-worker-client.ts). On disk,
    // every commit is synced before it is acknowledged (durable-node-fs.ts); in memory nothing needs it.
    const pgliteDir = dataDir ? join(dataDir, 'pglite') : undefined;
    const fresh = pgliteDir !== undefined && !existsSync(join(pgliteDir, 'PG_VERSION'));
    const client = new PgliteWorkerClient({
      dir: pgliteDir,
      loadDataDir: options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined,
    });
    await client.ready;
    // PGlite wrote the new directory (initdb's result or the dump) with plain writes; PostgreSQL would
    // only re-sync it after a crash, so a power cut now could leave a torn catalogue under later commits.
    if (fresh && pgliteDir && dataDir) fsyncTree(pgliteDir, dirname(dataDir));
    // drizzle's pglite driver only calls query() and transaction(), which the worker client provides.
    const pglite = client as unknown as PGlite;
    const db = drizzlePglite(pglite, { schema }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(drizzlePglite(pglite), { migrationsFolder }),
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

let knownMigrations: number | undefined;

/** Applied and known migrations, for `GET /api/health`. */
export async function migrationState(handle: DatabaseHandle) {
  // The journal ships with the code and never changes while the process runs: read it once.
  knownMigrations ??= (
    JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;
  let applied: number;
  try {
    const result = await handle.db.execute<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations' as never,
    );
    applied = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  } catch {
    applied = 0;
  }
  return { applied, known: knownMigrations, upToDate: applied === knownMigrations };
}
