/**
 * `npm run bench:durability` (not a test): what it costs that an acknowledged write is on the disk.
 *
 * 1. Commits: one order-shaped transaction at a time (BEGIN; insert an order row and its event row; COMMIT)
 *    for BENCH_DURATION seconds, on PGlite as it was (no syncs: `-F` and no-op sync syscalls), PGlite as the
 *    server opens it now (apps/server/src/db/durable-node-fs.ts: fdatasync of the WAL at every commit), and
 *    PostgreSQL with its default fsync = on (a throw-away cluster, or BENCH_DATABASE_URL).
 * 2. Orders: `POST /api/create_order/{station}` through the real server at BENCH_CONNECTIONS connections
 *    (autocannon), on the same three: PGlite without the fix runs bench/support/server-without-fsync.ts.
 *    Each starts from the same seeded data (demo + a small bench network).
 * Prints commits/s and orders/s with the ratio to PGlite without the fix, and the load average.
 *
 * Environment: BENCH_DURATION (s per measured run, 10), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (8),
 * BENCH_DATABASE_URL, BENCH_LOG_LEVEL (warn).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { durablePgliteOptions } from '../apps/server/src/db/durable-node-fs';
import { seedDemo } from '../apps/server/src/modules/demo/demo';
import { createSession } from '../apps/server/src/plugins/auth';
import { measure } from './support/load';
import { startPgCluster } from './support/pg-cluster';
import { freePort, startProductServer } from './support/processes';
import { createRequest, type Session } from './support/requests';
import { seedBenchNetwork, type BenchNetwork } from './support/seed-network';
import { envNumber } from './support/bench-run';

const duration = envNumber('BENCH_DURATION', 10);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const connections = envNumber('BENCH_CONNECTIONS', 8);
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'warn';
// The cost of durability, not the load shedding's verdict on it: the event-loop-delay shedding is off.
process.env.MAX_EVENT_LOOP_DELAY_MS = '0';

const BEFORE = 'PGlite, no sync (before)';
const AFTER = 'PGlite, fdatasync (now)';
const POSTGRES = 'PostgreSQL, fsync = on';

const cleanups: (() => Promise<void> | void)[] = [];
const started = performance.now();
const log = (line: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

// ---- 1. commits ----------------------------------------------------------------------------------

const setupSql = `create table bench_order (id bigserial primary key, station int, body jsonb, at timestamptz);
  create table bench_event (id bigserial primary key, order_id bigint, kind text, at timestamptz)`;
const commitSql = `with o as (insert into bench_order (station, body, at) values (1, '{"plate":"а123вс77"}', now())
  returning id) insert into bench_event (order_id, kind, at) select id, 'created', now() from o`;

/** Commits per second of one client committing one transaction at a time. */
async function commitRate(run: (sql: string) => Promise<unknown>): Promise<number> {
  const until = (s: number) => performance.now() + s * 1000;
  for (const end = until(warmup); performance.now() < end;) await run(commitSql);
  let n = 0;
  const t = performance.now();
  for (const end = until(duration); performance.now() < end; n++) await run(commitSql);
  return n / ((performance.now() - t) / 1000);
}

async function pgliteCommits(durable: boolean): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'crm-bench-commit-'));
  const path = join(dir, 'pglite');
  const db = await PGlite.create(durable ? durablePgliteOptions(path) : { dataDir: path });
  try {
    await db.exec(setupSql);
    return await commitRate((sql) => db.exec(sql));
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresCommits(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop table if exists bench_event, bench_order; ${setupSql}`);
    return await commitRate((sql) => client.query(sql));
  } finally {
    await client.query('drop table if exists bench_event, bench_order');
    await client.end();
  }
}

// ---- 2. orders through the server ----------------------------------------------------------------

async function seed(handle: DatabaseHandle): Promise<{ net: BenchNetwork; session: Session }> {
  await handle.migrate();
  await seedDemo(handle.db);
  const net = await seedBenchNetwork(handle.db, { stations: 2, boxes: 4, days: 14, futureDays: 7 });
  const { token } = await createSession(handle.db, net.userId);
  return { net, session: { headers: { cookie: `crm_sid=${token}`, 'x-user-id': net.userId } } };
}

async function orderRate(
  database: { dataDir: string } | { databaseUrl: string },
  seeded: { net: BenchNetwork; session: Session },
  script?: string,
) {
  const server = await startProductServer(await freePort(), database, logLevel, { script });
  try {
    const result = await measure(
      server.baseUrl,
      createRequest(seeded.net, seeded.session, 0),
      { connections, duration, warmup },
      { call: 'create', database: '' },
    );
    const ok = result.statuses['200'] ?? 0;
    return { perSec: ok / duration, p50: result.p50, p99: result.p99, statuses: result.statuses };
  } finally {
    await server.stop();
  }
}

async function postgresUrl(): Promise<string> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return given;
  const cluster = startPgCluster(await freePort()); // initdb defaults: fsync = on, synchronous_commit = on
  cleanups.push(() => cluster.stop());
  log(`PostgreSQL: ${cluster.version} (throw-away cluster)`);
  return cluster.url;
}

async function main() {
  console.log(
    `bench:durability — node ${process.version}, ${cpus().length} CPU, ${duration} s per run after ` +
      `${warmup} s warm-up, orders at ${connections} connections; load average ${loadavg()[0]!.toFixed(1)}`,
  );
  const url = await postgresUrl();
  const fsync = new pg.Client({ connectionString: url });
  await fsync.connect();
  const settings = (
    await fsync.query(`select string_agg(name || '=' || setting, ', ') as s from pg_settings
    where name in ('fsync', 'synchronous_commit', 'wal_sync_method')`)
  ).rows[0].s as string;
  await fsync.end();
  log(`PostgreSQL settings: ${settings}`);

  log('commits, one at a time…');
  const commits: Record<string, number> = {};
  commits[BEFORE] = await pgliteCommits(false);
  commits[AFTER] = await pgliteCommits(true);
  commits[POSTGRES] = await postgresCommits(url);

  log('seeding PGlite (demo + bench network)…');
  const dir = mkdtempSync(join(tmpdir(), 'crm-bench-durability-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const seededDir = join(dir, 'seeded');
  const pgliteHandle = await openDatabase({ dataDir: seededDir });
  const pgliteSeed = await seed(pgliteHandle).finally(() => pgliteHandle.close());
  // Both PGlite runs start from a copy of the same data, so neither inherits the other's orders.
  cpSync(seededDir, join(dir, 'before'), { recursive: true });
  cpSync(seededDir, join(dir, 'after'), { recursive: true });

  log('seeding PostgreSQL…');
  const benchDb = `crm_bench_durability_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${benchDb}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${benchDb} with (force)`);
    await admin.end();
  });
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${benchDb}`;
  const pgHandle = await openDatabase({ databaseUrl: dbUrl.toString() });
  const pgSeed = await seed(pgHandle).finally(() => pgHandle.close());

  const orders: Record<string, Awaited<ReturnType<typeof orderRate>>> = {};
  log(`orders: ${BEFORE}…`);
  orders[BEFORE] = await orderRate(
    { dataDir: join(dir, 'before') },
    pgliteSeed,
    'bench/support/server-without-fsync.ts',
  );
  log(`orders: ${AFTER}…`);
  orders[AFTER] = await orderRate({ dataDir: join(dir, 'after') }, pgliteSeed);
  log(`orders: ${POSTGRES}…`);
  orders[POSTGRES] = await orderRate({ databaseUrl: dbUrl.toString() }, pgSeed);

  const ratio = (x: number, base: number) => `${((x / base) * 100).toFixed(0)} %`;
  console.log('');
  console.log(
    `${'database'.padEnd(28)}${'commits/s'.padStart(10)}${'vs before'.padStart(11)}` +
      `${'orders/s'.padStart(10)}${'vs before'.padStart(11)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}  statuses`,
  );
  for (const name of [BEFORE, AFTER, POSTGRES]) {
    const o = orders[name]!;
    console.log(
      `${name.padEnd(28)}${commits[name]!.toFixed(0).padStart(10)}` +
        `${ratio(commits[name]!, commits[BEFORE]!).padStart(11)}${o.perSec.toFixed(0).padStart(10)}` +
        `${ratio(o.perSec, orders[BEFORE]!.perSec).padStart(11)}${o.p50.toFixed(0).padStart(8)}` +
        `${o.p99.toFixed(0).padStart(8)}  ${JSON.stringify(o.statuses)}`,
    );
  }
  console.log('');
  console.log(
    `per commit, the sync costs ≈ ${(1000 / commits[AFTER]! - 1000 / commits[BEFORE]!).toFixed(2)} ms on PGlite; ` +
      `load average at the end ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPU`,
  );
}

try {
  await main();
} finally {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      console.error('cleanup:', error);
    }
  }
}
