/**
 * `npm run bench:api` (not a test): the booking engine under load.
 *
 * 1. Seeds a busy network (bench/support/seed-network.ts: 20 stations × 4 boxes, a year, ≈ 300k orders)
 *    into a throw-away PostgreSQL cluster (or a fresh database in BENCH_DATABASE_URL) and into PGlite.
 * 2. Starts the real server (`apps/server/src/server.ts`) on each and loads it with autocannon at 50
 *    connections, rotating over the stations (bench/support/calls.ts): the week list
 *    (`POST /api/order/list`), new orders (`GET /api/order/list/new/{id}`), creates
 *    (`POST /api/create_order/{id}`, each at its own free time), the history list of the current month
 *    (`POST /api/order/list` with `history: true`, page 1 of 25) plain and with a search, and the
 *    dashboard's figures of the month (`GET /api/station/rating/{id}`, `GET /api/station/analytics/{id}`).
 * 3. Raw baseline in the same run: the very statements the server sent for each of those requests but
 *    the creates (recorded in-process), replayed through `pg` on bare `node:http` (bench/api-baseline.ts),
 *    loaded right after the product for each call (creates last, so both read the same orders).
 * 4. Prints req/s, p50 and p99 per call and database, and the ratio to the baseline.
 *
 * Environment: BENCH_DATABASE_URL, BENCH_DURATION (s per measured run, 10), BENCH_WARMUP (s, 2),
 * BENCH_CONNECTIONS (50), BENCH_STATIONS (20), BENCH_BOXES (4), BENCH_DAYS (365), BENCH_PGLITE_STATIONS
 * (as BENCH_STATIONS), BENCH_SKIP_PGLITE=1, BENCH_LOG_LEVEL (server log level, warn), BENCH_CALLS (ids
 * to run, comma-separated: week, serial, new, create, history, search, rating, analytics; all),
 * BENCH_HISTORY_SEARCH (the history search text, `kia`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { createAdapters } from '../apps/server/src/adapters';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/modules/demo/demo';
import { createSession } from '../apps/server/src/plugins/auth';
import { measure, table, type LoadOptions, type Measured } from './support/load';
import { freePort, startProductServer } from './support/processes';
import { seedBenchNetwork, type BenchNetwork } from './support/seed-network';
import { benchCalls, pickCalls, type BenchCall } from './support/calls';
import { createBody, type Session } from './support/requests';
import { recordSql, type RecordedStatement } from './support/sql-recorder';
import {
  cleanUp,
  cleanups,
  elapsed,
  log,
  postgresDatabase,
  scoped,
  startRawBaseline,
  envNumber,
} from './support/bench-run';

const settings = {
  stations: envNumber('BENCH_STATIONS', 20),
  boxes: envNumber('BENCH_BOXES', 4),
  days: envNumber('BENCH_DAYS', 365),
  futureDays: 60,
  pgliteStations: envNumber('BENCH_PGLITE_STATIONS', envNumber('BENCH_STATIONS', 20)),
  skipPglite: process.env.BENCH_SKIP_PGLITE === '1',
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
};
const calls = pickCalls(benchCalls(process.env.BENCH_HISTORY_SEARCH ?? 'kia'), process.env.BENCH_CALLS);
/** Calls whose preflight failed (an API without them, say): left out of the load, named at the end. */
const skipped = new Map<string, string>();
const load: LoadOptions = {
  connections: envNumber('BENCH_CONNECTIONS', 50),
  duration: envNumber('BENCH_DURATION', 10),
  warmup: Number(process.env.BENCH_WARMUP ?? 2),
};
const RAW = 'raw pg + node:http';

async function sessionFor(handle: DatabaseHandle, net: BenchNetwork): Promise<Session> {
  const { token } = await createSession(handle.db, net.userId);
  return { headers: { cookie: `crm_sid=${token}`, 'x-user-id': net.userId } };
}

async function seed(handle: DatabaseHandle, stations: number, name: string) {
  await handle.migrate();
  await seedDemo(handle.db);
  const t = performance.now();
  const net = await seedBenchNetwork(handle.db, { ...settings, stations });
  log(
    `${name}: seeded ${net.orders} orders (${stations} stations × ${settings.boxes} boxes, ${net.from} … ${net.to}) ` +
      `in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  return net;
}

/**
 * Sends every chosen call once per station in-process, checking it answers 200, and records the SQL
 * each sent for the raw baseline; then books one order to check the create payload. A call that fails
 * here is skipped (and named at the end) rather than loaded with errors.
 */
async function preflight(handle: DatabaseHandle, net: BenchNetwork, session: Session, databaseUrl: string) {
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', SEED_DEMO: '0' });
  const app = await buildApp({
    db: handle.db,
    database: handle,
    config,
    adapters: createAdapters(config),
    webDist: null,
  });
  const recordings: Record<string, RecordedStatement[]> = {};
  try {
    for (const call of calls) {
      if (!call.inject) continue;
      const bodies: unknown[] = [];
      try {
        for (const stationId of net.stationIds) {
          const { method, url, payload } = call.inject(stationId);
          let body = '';
          const statements = await recordSql(async () => {
            const res = await app.inject({
              method,
              url,
              headers: session.headers,
              payload: payload as object,
            });
            if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
            body = res.body;
          });
          const parsed = JSON.parse(body) as unknown;
          const problem = call.check?.(parsed);
          if (problem) throw new Error(`${method} ${url.split('?')[0]} ${problem}`);
          if (call.baseline) recordings[`${call.baseline} ${stationId}`] = statements;
          bodies.push(parsed);
        }
      } catch (error) {
        skipped.set(call.name, (error as Error).message.slice(0, 200));
        log(`WARNING: ${call.name} is skipped: ${(error as Error).message.slice(0, 200)}`);
        continue;
      }
      const statements = recordings[`${call.baseline} ${net.stationIds[0]}`]?.length ?? 0;
      if (call.describe) log(`PostgreSQL: ${call.describe(bodies)}; ${statements} statements per request`);
    }
    if (calls.some((c) => c.id === 'create')) {
      const { stationId, body } = createBody(net, 0);
      const res = await app.inject({
        method: 'POST',
        url: `/api/create_order/${stationId}`,
        headers: session.headers,
        payload: body,
      });
      if (res.statusCode !== 200)
        log(`WARNING: the create call's payload is refused: ${res.statusCode} ${res.body}`);
    }
  } finally {
    await app.close();
  }
  return recordings;
}

const loaded = (call: BenchCall) => !skipped.has(call.name);
/** The calls to load, writes last: every read then sees the orders the seed made, on every server. */
const loadOrder = () =>
  [...calls.filter((c) => c.id !== 'create'), ...calls.filter((c) => c.id === 'create')].filter(loaded);

async function runCalls(baseUrl: string, net: BenchNetwork, session: Session, database: string) {
  const results: Measured[] = [];
  for (const call of loadOrder()) {
    log(`${database}: loading ${call.name}…`);
    const options = call.serial ? { ...load, connections: 1 } : load;
    results.push(await measure(baseUrl, call.request(net, session), options, { call: call.name, database }));
  }
  return results;
}

const benchPostgres = () =>
  scoped(async (): Promise<Measured[]> => {
    const { url, version } = await postgresDatabase('crm_bench');
    log(`PostgreSQL: ${version}`);
    const handle = await openDatabase({ databaseUrl: url });
    let net: BenchNetwork;
    let session: Session;
    let recordings: Record<string, RecordedStatement[]>;
    try {
      net = await seed(handle, settings.stations, 'PostgreSQL');
      session = await sessionFor(handle, net);
      recordings = await preflight(handle, net, session, url);
    } finally {
      await handle.close();
    }

    // Both servers stay up and each call is loaded on the product and then at once on the baseline:
    // measured minutes apart, a shared machine's load swings (and the creates, run before the
    // baseline, changed the data) skewed the ratio — «new orders» read 702 % of its baseline once.
    const server = await startProductServer(await freePort(), { databaseUrl: url }, settings.logLevel);
    cleanups.push(() => server.stop());
    const { raw } = await startRawBaseline('bench/api-baseline.ts', url, recordings);
    const results: Measured[] = [];
    for (const call of loadOrder()) {
      const options = call.serial ? { ...load, connections: 1 } : load;
      log(`PostgreSQL: loading ${call.name}…`);
      results.push(
        await measure(server.baseUrl, call.request(net, session), options, {
          call: call.name,
          database: 'PostgreSQL',
        }),
      );
      if (!call.baseline) continue;
      log(`${RAW}: loading ${call.name}…`);
      results.push(
        await measure(raw.baseUrl, call.request(net, session), options, { call: call.name, database: RAW }),
      );
    }
    return results;
  });

const benchPglite = () =>
  scoped(async (): Promise<Measured[]> => {
    const dir = mkdtempSync(join(tmpdir(), 'crm-bench-pglite-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const dataDir = join(dir, 'data');
    const handle = await openDatabase({ dataDir });
    let net: BenchNetwork;
    let session: Session;
    try {
      net = await seed(handle, settings.pgliteStations, 'PGlite');
      session = await sessionFor(handle, net);
    } finally {
      await handle.close();
    }
    const server = await startProductServer(await freePort(), { dataDir }, settings.logLevel);
    cleanups.push(() => server.stop());
    return runCalls(server.baseUrl, net, session, 'PGlite');
  });

async function main() {
  console.log(
    `bench:api — node ${process.version}, ${cpus().length} CPU (${cpus()[0]?.model ?? '?'}), ` +
      `${load.connections} connections, ${load.duration} s per run after ${load.warmup} s warm-up, ` +
      `server log level ${settings.logLevel}, load average ${loadavg()[0]!.toFixed(1)}`,
  );
  const results: Measured[] = [];
  results.push(...(await benchPostgres()));
  if (!settings.skipPglite) results.push(...(await benchPglite()));

  const order = calls.map((c) => c.name);
  results.sort((a, b) => order.indexOf(a.call) - order.indexOf(b.call));
  console.log('');
  console.log(table(results, RAW));
  if (settings.pgliteStations !== settings.stations && !settings.skipPglite) {
    console.log(
      `(PGlite was seeded with ${settings.pgliteStations} stations instead of ${settings.stations})`,
    );
  }
  const list = results.find((r) => r.call === 'week list' && r.database === 'PostgreSQL');
  const raw = results.find((r) => r.call === 'week list' && r.database === RAW);
  if (list && raw) {
    const share = (list.reqPerSec / raw.reqPerSec) * 100;
    console.log('');
    console.log(
      `aim: week list p99 on PostgreSQL < 50 ms: ${list.p99.toFixed(0)} ms — ${list.p99 < 50 ? 'met' : 'NOT met'}`,
    );
    console.log(
      `aim: week list ≥ 50 % of the raw baseline's req/s: ${share.toFixed(0)} % — ${share >= 50 ? 'met' : 'NOT met'}`,
    );
    const serial = results.find((r) => r.call === 'week list ×1' && r.database === 'PostgreSQL');
    if (serial) {
      console.log(
        `      on one connection the PostgreSQL week list takes p50 ${serial.p50.toFixed(0)} ms, ` +
          `p99 ${serial.p99.toFixed(0)} ms; 50 connections under 50 ms would need ≥ 1000 req/s`,
      );
    }
  }
  for (const [name, reason] of skipped) console.log(`SKIPPED ${name}: ${reason}`);
  // The machine may be shared: the load average says how much of it the run really had.
  console.log(
    `total ${elapsed()}, load average at the end ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPU`,
  );
}

try {
  await main();
} finally {
  await cleanUp();
}
