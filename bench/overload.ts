/**
 * `npm run bench:overload`: does the server keep answering its liveness probe, and shed early instead of
 * queueing, when the calendar is hammered (issue 9 item 5)?
 *
 * Starts the real server (bench/support/monitored-server.ts: apps/server/src/server.ts with meters inside)
 * with the demo data on PGlite (or on BENCH_DATABASE_URL), signs the demo administrator in the way the
 * browser does, then puts BENCH_CONNECTIONS (200) clients on the week list of «Мойка на Ленина»
 * (`POST /api/order/list`, the calendar's call) for BENCH_DURATION s (15) while a separate probe calls
 * `GET /api/health` every BENCH_PROBE_MS (100). Twice: autocannon, which sends again the moment a 503
 * arrives, then clients that wait as Retry-After says (bench/support/overload-load.ts). Inside the server it
 * meters the longest stretches without an event-loop turn and PGlite's synchronous WASM time.
 *
 * Then, on PGlite, it opens the same data directory in this process and measures one week list alone: its
 * time inside PGlite's synchronous WASM calls and the longest of them.
 *
 * The server's own knobs (MAX_IN_FLIGHT_REQUESTS, MAX_QUEUE_WAIT_MS, MAX_EVENT_LOOP_DELAY_MS) pass through the environment;
 * BENCH_HOLD=0 skips the in-process part.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiSignIn, stationIdByName } from '../e2e/support/api';
import { freePort, repoRoot, type Child } from '../e2e/support/server';
import { startProductServer } from './support/processes';
import { measureEventLoopHold } from './support/event-loop-hold';
import { hammer, politeClients, type LoadResult } from './support/overload-load';
import { currentWeek } from './support/requests';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const duration = Number(process.env.BENCH_DURATION ?? 15);
const probeEveryMs = Number(process.env.BENCH_PROBE_MS ?? 100);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const stationName = 'Мойка на Ленина';

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

function percentile(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const ms = (x: number) => (Number.isNaN(x) ? '—' : x >= 100 ? x.toFixed(0) : x.toFixed(1));

/** The server as `npm start` runs it, with the demo data, on a fresh PGlite directory or the given PostgreSQL. */
function startDemoServer(port: number, dataDir: string): Promise<Child> {
  return startProductServer(
    port,
    databaseUrl ? { databaseUrl } : { dataDir },
    process.env.BENCH_LOG_LEVEL ?? 'warn',
    {
      script: 'bench/support/monitored-server.ts',
      seedDemo: true,
      env: { BENCH_STATS_FILE: statsFile },
      // The server listens only after migrations and the demo seed, so the first 200 of liveness means it
      // can serve; polling /api/health also lets this file measure a tree from before /api/ready existed.
      readyPath: '/api/health',
    },
  );
}

/** What bench/support/monitored-server.ts writes. */
interface ServerStats {
  loop: { p50: number; p99: number; max: number };
  wasm: { calls: number; ms: number; longest: number; share: number };
}

interface ProbeResult {
  latencies: number[];
  statuses: Record<string, number>;
}

/** Starts the probe process (support/health-probe.ts); `stop()` ends it and returns what it measured. */
async function startProbe(baseUrl: string, everyMs: number): Promise<{ stop(): Promise<ProbeResult> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/support/health-probe.ts', `${baseUrl}/api/health`, String(everyMs)],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.setEncoding('utf8');
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('probing\n')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the health probe exited (${code})`)));
  });
  return {
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      return JSON.parse(out.split('\n').filter(Boolean).at(-1)!) as ProbeResult;
    },
  };
}

function report(name: string, result: LoadResult, health: ProbeResult, inside: ServerStats, after: string) {
  const { byStatus, duration: seconds } = result;
  const ok = byStatus.get(200) ?? [];
  const shed = byStatus.get(503) ?? [];
  const completed = [...byStatus.values()].reduce((n, xs) => n + xs.length, 0);
  const others = [...byStatus.entries()].filter(([code]) => code !== 200 && code !== 503);
  const over1s = health.latencies.filter((x) => x > 1000).length;
  console.log(`\n${connections} ${name} × ${duration} s on the week list; load average now ${load()}`);
  console.log(
    `  calendar 200: ${ok.length} (${(ok.length / seconds).toFixed(0)}/s), ` +
      `p50 ${ms(percentile(ok, 50))} ms, p99 ${ms(percentile(ok, 99))} ms, max ${ms(percentile(ok, 100))} ms`,
  );
  console.log(
    `  calendar 503: ${shed.length} (${(shed.length / seconds).toFixed(0)}/s), ` +
      `p50 ${ms(percentile(shed, 50))} ms, p99 ${ms(percentile(shed, 99))} ms`,
  );
  console.log(
    `  all answers: ${(completed / seconds).toFixed(0)} req/s` +
      (others.length ? `, other statuses: ${others.map(([c, xs]) => `${c}: ${xs.length}`).join(', ')}` : '') +
      (result.errors ? `, errors/timeouts: ${result.errors}` : ''),
  );
  console.log(
    `  /api/health every ${probeEveryMs} ms: ${health.latencies.length} probes ` +
      `(${Object.entries(health.statuses)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')}), p50 ${ms(percentile(health.latencies, 50))} ms, ` +
      `p99 ${ms(percentile(health.latencies, 99))} ms, max ${ms(percentile(health.latencies, 100))} ms, ` +
      `${over1s} over 1 s (a 1 s liveness timeout)`,
  );
  console.log(`  after the load: ${after}`);
  console.log(
    `  inside the server: the event loop went without a turn for p50 ${ms(inside.loop.p50)} ms, ` +
      `p99 ${ms(inside.loop.p99)} ms, max ${ms(inside.loop.max)} ms` +
      (inside.wasm.calls
        ? `; PGlite's synchronous WASM calls took ${(inside.wasm.share * 100).toFixed(0)} % of the request ` +
          `thread (${inside.wasm.calls} calls, the longest ${ms(inside.wasm.longest)} ms)`
        : '; no PGlite WASM call on the request thread'),
  );
}

const dir = mkdtempSync(join(tmpdir(), 'crm-overload-'));
const dataDir = join(dir, 'data');
const statsFile = join(dir, 'server-stats.json');
const port = Number(process.env.BENCH_PORT) || (await freePort());
console.log(
  `bench:overload on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, node ${process.version}, ${cpus().length} CPUs, ` +
    `load average ${load()}; MAX_IN_FLIGHT_REQUESTS=${process.env.MAX_IN_FLIGHT_REQUESTS ?? '(default)'}, ` +
    `MAX_QUEUE_WAIT_MS=${process.env.MAX_QUEUE_WAIT_MS ?? '(default)'}, ` +
    `MAX_EVENT_LOOP_DELAY_MS=${process.env.MAX_EVENT_LOOP_DELAY_MS ?? '(default)'}`,
);
let server: Child | null = null;
try {
  server = await startDemoServer(port, dataDir);
  const session = await apiSignIn(server.baseUrl, 'administrator');
  const stationId = await stationIdByName(session, stationName);
  const week = currentWeek();
  const body = JSON.stringify({ station_id: stationId, ...week });
  const headers = { cookie: session.cookie, 'x-user-id': session.userId, 'content-type': 'application/json' };

  // Warm the server (JIT, PGlite's caches) on one connection so the first second is not all compile time.
  let orders = 0;
  for (let i = 0; i < 20; i++) {
    const res = await session.call('/api/order/list', { body: JSON.parse(body) });
    if (!res.ok) throw new Error(`week list: ${res.status} ${await res.text()}`);
    orders = ((await res.json()) as { orders: unknown[] }).orders.length;
  }
  console.log(`«${stationName}», week ${week.date_start} … ${week.date_end}: ${orders} orders per answer`);

  const spec = { url: server.baseUrl, path: '/api/order/list', headers, body, connections, duration };
  for (const [name, load] of [
    ['autocannon (next request at once, 503s included)', hammer],
    ['polite clients (wait Retry-After after a 503, as the web client)', politeClients],
  ] as const) {
    writeFileSync(`${statsFile}.reset`, '');
    await new Promise((r) => setTimeout(r, 600));
    const probe = await startProbe(server.baseUrl, probeEveryMs);
    const result = await load(spec);
    const health = await probe.stop();
    await new Promise((r) => setTimeout(r, 400));
    const inside = JSON.parse(readFileSync(statsFile, 'utf8')) as ServerStats;

    // After the load: how soon does the calendar answer again, waiting as told by Retry-After?
    const loadEnd = performance.now();
    let after = await session.call('/api/order/list', { body: JSON.parse(body) });
    while (after.status === 503 && performance.now() - loadEnd < 30_000) {
      await new Promise((r) => setTimeout(r, Number(after.headers.get('retry-after') ?? 1) * 1000));
      after = await session.call('/api/order/list', { body: JSON.parse(body) });
    }
    const recovered = performance.now() - loadEnd;
    report(name, result, health, inside, `week list ${after.status} after ${ms(recovered)} ms`);
    await new Promise((r) => setTimeout(r, 3000));
  }
} finally {
  await server?.stop();
}

if (!databaseUrl && process.env.BENCH_HOLD !== '0') {
  try {
    const hold = await measureEventLoopHold(dataDir, stationName, 'administrator');
    console.log(`\nPGlite, one call at a time, measured in this process on the same data:`);
    for (const line of hold.lines) console.log(`  ${line}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
} else {
  rmSync(dir, { recursive: true, force: true });
}
