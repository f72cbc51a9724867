/**
 * `npm run bench:capacity` (not a test): how many open operator screens one server holds with the p99
 * of their reads under 200 ms (issue 15).
 *
 * A screen (S1 §9, bench/support/screens.ts) polls the calendar's week every 60 s with If-None-Match
 * (`GET /api/order/calendar`, a 304 while unchanged), the new orders every 20 s
 * (`GET /api/order/list/new/{id}`), keeps one event stream open (`GET /api/events`) and, on an order
 * event, refetches the one order and the new orders 300 ms later (BENCH_REACTION=week: the week instead
 * of the order). Each station gets one order edit a minute (`POST /api/own_order/update/{id}`), so tags
 * change and events flow. Requests go out open-loop at the screens' aggregate rate, spread over
 * BENCH_STATIONS stations (screen i on station i mod S), each with its own session; latency counts from
 * the scheduled send.
 *
 * 1. Seeds «Бенч-сеть» (bench/support/seed-network.ts; 4 boxes, 28 days around today, ≈ 295 orders per
 *    station-week, 3 new orders waiting per station) into a throw-away PostgreSQL cluster
 *    (bench/support/pg-cluster.ts; or a fresh database in BENCH_DATABASE_URL) and into PGlite.
 * 2. For the product on PostgreSQL, the raw baseline (bench/capacity-baseline.ts: pg + node:http
 *    replaying the product's recorded SQL, the tag check included) and the product on PGlite, in turn:
 *    steps of BENCH_STEP s (20, after 3 s not counted), doubling the screens from BENCH_START_SCREENS
 *    (500) until a step fails, then halving the gap until it is under 10 %. A step passes with read p99
 *    < 200 ms, under 0.1 % failed requests and every stream open.
 * 3. Prints, per target, the screens held, p50/p99 there, the ratio to the baseline, and the generator's
 *    own CPU (it shares the 2 cores with the server under test).
 *
 * `--check` (CI): PostgreSQL only, BENCH_BUDGET_SCREENS (2000, issue 15's aim) screens open on the product
 * and on the raw baseline at once (copies of one database), each a warm-up step not counted, then
 * BENCH_CHECK_RUNS (5) runs of BENCH_CHECK_STEP s (10) of each in turns; the verdict is a ratio of the two
 * (bench/support/capacity-budget.ts), so it is the same on a fast host and a slow one (issue 35): the
 * product's CPU per screen·minute against the baseline's, and no failed requests or streams in most runs.
 * The read p99's ratio and the absolute aim (p99 < 200 ms) are printed, not gated (capacity-budget.ts says
 * why). On this 2-core machine the search holds 2250–2500 screens (past that a burst is shed with 503 by
 * the in-flight cap, at 0.9 cores). Runs of 2000 screens gave p99 22–727 ms: a run's p99 varies with the
 * shared machine, hence the median of five and the warm-up (the first step after the server starts
 * measured its cold start, up to 732 ms).
 *
 * Environment: BENCH_DATABASE_URL, BENCH_STATIONS (50), BENCH_DAYS (28), BENCH_NEW_ORDERS (3),
 * BENCH_MAX_SCREENS (8000), BENCH_PGLITE_MAX_SCREENS (4000), BENCH_SKIP_PGLITE=1, BENCH_SKIP_RAW=1,
 * BENCH_LOG_LEVEL (warn), BENCH_REACTION (order | week | none).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/modules/demo/demo';
import { prepareScreens, type PreparedScreens } from './support/capacity-recordings';
import { cpuSeconds, pidListeningOn, postmasterOf } from './support/process-cpu';
import { freePort, startProductServer } from './support/processes';
import {
  operatorScreen,
  percentile,
  readKinds,
  readLatencies,
  ScreenLoad,
  type Reaction,
  type ScreenTarget,
  type StepResult,
} from './support/screens';
import { seedBenchNetwork, type BenchNetwork } from './support/seed-network';
import { screenTarget } from './support/screen-target';
import { capacityVerdict, type CheckRun } from './support/capacity-budget';
import {
  cleanUp,
  cleanups,
  elapsed,
  log,
  postgresDatabase,
  scoped,
  startRawBaseline,
  copyDatabase,
  envNumber,
} from './support/bench-run';

const check = process.argv.includes('--check');
const settings = {
  stations: envNumber('BENCH_STATIONS', 50),
  boxes: 4,
  days: envNumber('BENCH_DAYS', 28),
  newOrders: envNumber('BENCH_NEW_ORDERS', 3),
  startScreens: envNumber('BENCH_START_SCREENS', 500),
  maxScreens: envNumber('BENCH_MAX_SCREENS', 8000),
  pgliteMaxScreens: envNumber('BENCH_PGLITE_MAX_SCREENS', 4000),
  stepSeconds: envNumber('BENCH_STEP', 20),
  warmupSeconds: 3,
  budgetScreens: envNumber('BENCH_BUDGET_SCREENS', 2000),
  /** The check's runs of each side, in turns. */
  checkRuns: envNumber('BENCH_CHECK_RUNS', 5),
  checkStepSeconds: envNumber('BENCH_CHECK_STEP', 10),
  skipPglite: check || process.env.BENCH_SKIP_PGLITE === '1',
  // The check needs the raw baseline: its gate is a ratio to it (issue 35).
  skipRaw: !check && process.env.BENCH_SKIP_RAW === '1',
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
  reaction: (process.env.BENCH_REACTION ?? 'order') as Reaction,
  /** The cores a server gets in the «CPU-bound» column: what the issue sizes a server by. */
  cores: 2,
};
/** The goal of a step: the reads' p99 under this, ms. */
const P99_GOAL = 200;
/** Failed requests (statuses other than 200/304, errors, timeouts) a passing step may have. */
const MAX_FAILED_SHARE = 0.001;
const RAW = 'raw pg + node:http';

const ms = (x: number) => (Number.isNaN(x) ? '—' : x >= 100 ? x.toFixed(0) : x.toFixed(1));
const pct = (x: number) => `${(x * 100).toFixed(0)} %`;

interface Step {
  screens: number;
  result: StepResult;
  reads: number[];
  failed: number;
  total: number;
  pass: boolean;
}

function summarize(screens: number, result: StepResult): Step {
  const reads = readLatencies(result);
  const total = [...result.statuses.values()].reduce((a, b) => a + b, 0) + result.unanswered;
  const ok = (result.statuses.get('200') ?? 0) + (result.statuses.get('304') ?? 0);
  const failed = total - ok;
  const pass =
    percentile(reads, 99) < P99_GOAL &&
    failed <= MAX_FAILED_SHARE * total &&
    result.sseOpen === screens &&
    result.sseLost === 0;
  return { screens, result, reads, failed, total, pass };
}

function stepLine(name: string, step: Step): string {
  const r = step.result;
  const kinds = readKinds
    .filter((k) => r.latencies.get(k)?.length)
    .map((k) => `${k} ${ms(percentile(r.latencies.get(k)!, 99))}`)
    .join(', ');
  const statuses = [...r.statuses].map(([code, n]) => `${code}: ${n}`).join(', ');
  return (
    `${name}: ${step.screens} screens — reads p50 ${ms(percentile(step.reads, 50))} ms, ` +
    `p99 ${ms(percentile(step.reads, 99))} ms (${kinds}); writes p99 ${ms(percentile(r.latencies.get('write')!, 99))} ms; ` +
    `event delivery p99 ${ms(percentile(r.delivery, 99))} ms; ${statuses}` +
    `${r.unanswered ? `, unanswered ${r.unanswered}` : ''}; streams ${r.sseOpen}/${step.screens}` +
    `${r.sseLost ? ` (${r.sseLost} lost)` : ''}; generator CPU ${pct(r.generatorCpu)} of a core, ` +
    `send lag p99 ${ms(r.sendLagP99)} ms; server ${r.targetCores.toFixed(2)} cores ` +
    `(${((r.targetCores * 60_000) / step.screens).toFixed(1)} CPU ms per screen·min); machine busy ${pct(r.machineBusy)} — ${step.pass ? 'pass' : 'FAIL'}`
  );
}

async function runStep(
  load: ScreenLoad,
  name: string,
  screens: number,
  seconds: number,
  seed: number,
  cpu: () => number,
): Promise<Step> {
  const failedToOpen = await load.resize(screens, (line) => log(`${name}: ${line}`));
  await load.prime();
  const result = await load.run(
    {
      ...operatorScreen,
      durationMs: (seconds + settings.warmupSeconds) * 1000,
      warmupMs: settings.warmupSeconds * 1000,
      reaction: settings.reaction,
    },
    seed,
    cpu,
  );
  const step = summarize(screens, result);
  if (failedToOpen) step.pass = false;
  log(stepLine(name, step));
  return step;
}

/**
 * A step that is not counted, before the first that is. A server just started has cold code, a pool
 * without connections and backends with empty caches: the first step at 1000–2000 screens gave a read p99
 * two to six times that of the next ones (CI and here, every run), which measured the start, not the load.
 */
async function warmUp(load: ScreenLoad, name: string, screens: number, cpu: () => number) {
  await runStep(load, `${name} (warm-up, not counted)`, screens, settings.checkStepSeconds, 0, cpu);
}

/** What the check's gate reads of one target's runs (bench/support/capacity-budget.ts). */
function checkFigures(runs: Step[]): CheckRun[] {
  return runs.map((step) => ({
    p99Ms: percentile(step.reads, 99),
    cpuMsPerScreenMinute: (step.result.targetCores * 60_000) / step.screens,
    failed: step.failed > MAX_FAILED_SHARE * step.total || step.result.sseOpen < step.screens,
  }));
}

/**
 * The check's measured steps. The product and the raw baseline each hold the budget's screens open, on
 * copies of one database (so neither hears the other's order events), and are measured in turns: a
 * warm-up each, then product, baseline, product, … A host that slows down or speeds up during the check
 * (a neighbour, autovacuum, the CPU's clock) then weighs on both sides of each ratio alike; measured one
 * after the other, five product runs and then three baseline runs had read p99 medians of 132 and 37 ms
 * on one quiet run, 124 and 50 on the next.
 */
async function interleavedCheckRuns(
  url: string,
  net: BenchNetwork,
  prepared: PreparedScreens,
): Promise<{ product: Step[]; raw: Step[] }> {
  return scoped(async () => {
    // Copied before anything connects to the original.
    const rawUrl = await copyDatabase(url, 'raw');
    const port = await freePort();
    const server = await startProductServer(port, { databaseUrl: url }, settings.logLevel);
    cleanups.push(() => server.stop());
    // The check meters the server processes alone (capacity-budget.ts says why).
    const productCpu = meter(pidListeningOn(port), null);
    const { raw, port: rawPort } = await startRawBaseline(
      'bench/capacity-baseline.ts',
      rawUrl,
      prepared.recordings,
    );
    const rawCpu = meter(pidListeningOn(rawPort), null);
    const rawTarget = screenTarget(raw.baseUrl, net, { ...prepared, calendarRoute: true });
    return withLoad(screenTarget(server.baseUrl, net, prepared), settings.stations, (productLoad) =>
      withLoad(rawTarget, settings.stations, async (rawLoad) => {
        await warmUp(productLoad, 'PostgreSQL', settings.budgetScreens, productCpu);
        await warmUp(rawLoad, RAW, settings.budgetScreens, rawCpu);
        const runs = { product: [] as Step[], raw: [] as Step[] };
        const measure = (load: ScreenLoad, name: string, run: number, cpu: () => number) =>
          runStep(load, name, settings.budgetScreens, settings.checkStepSeconds, run, cpu);
        for (let run = 1; run <= settings.checkRuns; run++) {
          runs.product.push(await measure(productLoad, 'PostgreSQL', run, productCpu));
          runs.raw.push(await measure(rawLoad, RAW, run, rawCpu));
        }
        return runs;
      }),
    );
  });
}

/** Doubling until a step fails (or the cap), then halving the gap until it is under 10 %. */
async function search(
  load: ScreenLoad,
  name: string,
  cap: number,
  cpu: () => number,
): Promise<{ held: Step | null; steps: Step[] }> {
  const steps: Step[] = [];
  let good: Step | null = null;
  let bad: Step | null = null;
  let n = Math.min(settings.startScreens, cap);
  await warmUp(load, name, n, cpu);
  for (let seed = 1; ; seed++) {
    const step = await runStep(load, name, n, settings.stepSeconds, seed, cpu);
    steps.push(step);
    if (step.pass) good = step;
    else bad = step;
    if (!bad) {
      if (n >= cap) break;
      n = Math.min(cap, n * 2);
      continue;
    }
    const lo = good?.screens ?? 0;
    const hi = bad.screens;
    if (hi - lo <= Math.max(50, hi * 0.1)) break;
    if (!good && hi <= 100) break;
    n = Math.round((lo ? (lo + hi) / 2 : hi / 2) / 50) * 50;
  }
  return { held: good, steps };
}

async function seed(handle: DatabaseHandle, name: string): Promise<BenchNetwork> {
  await handle.migrate();
  await seedDemo(handle.db);
  const t = performance.now();
  const net = await seedBenchNetwork(handle.db, {
    stations: settings.stations,
    boxes: settings.boxes,
    days: settings.days,
    futureDays: Math.floor(settings.days / 2),
  });
  log(
    `${name}: seeded ${net.orders} orders (${settings.stations} stations × ${settings.boxes} boxes, ` +
      `${net.from} … ${net.to}) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  return net;
}

/** CPU seconds of the server under test and of its PostgreSQL so far (NaN when a process is not found). */
function meter(server: number | null, postmaster: number | null): () => number {
  if (server === null) log('WARNING: the server process was not found: its CPU is not reported');
  const roots = [server, postmaster].filter((pid): pid is number => pid !== null);
  return () => (server === null ? NaN : cpuSeconds(roots));
}

interface Held {
  target: string;
  held: Step | null;
  /** The step with the fewest screens: what the table shows when even that one failed. */
  lowest: Step;
  capped: boolean;
}

const lowestOf = (steps: Step[]) => steps.reduce((a, b) => (b.screens < a.screens ? b : a));

async function withLoad<T>(target: ScreenTarget, stations: number, body: (load: ScreenLoad) => Promise<T>) {
  const load = new ScreenLoad(target, stations);
  try {
    return await body(load);
  } finally {
    load.close();
  }
}

const benchPostgres = () =>
  scoped(async (): Promise<{ held: Held[]; checkRuns?: { product: Step[]; raw: Step[] } }> => {
    const { url, version } = await postgresDatabase('crm_capacity');
    log(`PostgreSQL: ${version}`);
    const handle = await openDatabase({ databaseUrl: url });
    let net: BenchNetwork;
    let prepared: PreparedScreens;
    let postmaster: number | null;
    try {
      const backend = (await handle.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: { pid: number }[];
      };
      postmaster = postmasterOf(backend.rows[0]!.pid);
      net = await seed(handle, 'PostgreSQL');
      prepared = await prepareScreens(handle, net, {
        screens: check ? settings.budgetScreens : settings.maxScreens,
        newOrdersPerStation: settings.newOrders,
        record: !settings.skipRaw,
        config: { DATABASE_URL: url },
      });
    } finally {
      await handle.close();
    }
    if (!prepared.calendarRoute) {
      log(
        'WARNING: no GET /api/order/calendar with a tag on this server: the week poll is POST /api/order/list',
      );
    }
    const held: Held[] = [];
    if (check) return { held, checkRuns: await interleavedCheckRuns(url, net, prepared) };
    const product = await scoped(async () => {
      const port = await freePort();
      const server = await startProductServer(port, { databaseUrl: url }, settings.logLevel);
      cleanups.push(() => server.stop());
      // The search meters the server and its PostgreSQL backends.
      const cpu = meter(pidListeningOn(port), postmaster);
      return withLoad(screenTarget(server.baseUrl, net, prepared), settings.stations, (load) =>
        search(load, 'PostgreSQL', settings.maxScreens, cpu),
      );
    });
    held.push({
      target: 'PostgreSQL',
      held: product.held,
      lowest: lowestOf(product.steps),
      capped: product.held?.screens === settings.maxScreens,
    });

    if (!settings.skipRaw && prepared.recordings) {
      await scoped(async () => {
        const { raw, port } = await startRawBaseline('bench/capacity-baseline.ts', url, prepared.recordings);
        const target = screenTarget(raw.baseUrl, net, { ...prepared, calendarRoute: true });
        const cpu = meter(pidListeningOn(port), postmaster);
        const found = await withLoad(target, settings.stations, (load) =>
          search(load, RAW, settings.maxScreens, cpu),
        );
        held.push({
          target: RAW,
          held: found.held,
          lowest: lowestOf(found.steps),
          capped: found.held?.screens === settings.maxScreens,
        });
      });
    }
    return { held };
  });

const benchPglite = () =>
  scoped(async (): Promise<Held> => {
    const dir = mkdtempSync(join(tmpdir(), 'crm-capacity-pglite-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const dataDir = join(dir, 'data');
    const handle = await openDatabase({ dataDir });
    let net: BenchNetwork;
    let prepared: PreparedScreens;
    try {
      net = await seed(handle, 'PGlite');
      prepared = await prepareScreens(handle, net, {
        screens: settings.pgliteMaxScreens,
        newOrdersPerStation: settings.newOrders,
        record: false,
        config: { DATA_DIR: dataDir },
      });
    } finally {
      await handle.close();
    }
    const port = await freePort();
    const server = await startProductServer(port, { dataDir }, settings.logLevel);
    cleanups.push(() => server.stop());
    // PGlite runs in a worker thread of the server: the process is the whole of it.
    const cpu = meter(pidListeningOn(port), null);
    const found = await withLoad(screenTarget(server.baseUrl, net, prepared), settings.stations, (load) =>
      search(load, 'PGlite', settings.pgliteMaxScreens, cpu),
    );
    return {
      target: 'PGlite',
      held: found.held,
      lowest: lowestOf(found.steps),
      capped: found.held?.screens === settings.pgliteMaxScreens,
    };
  });

function heldTable(rows: Held[]): string {
  const raw = rows.find((r) => r.target === RAW);
  const lines = [
    `${'server'.padEnd(22)}${'screens held'.padStart(14)}${'reads/s'.padStart(9)}${'p50 ms'.padStart(9)}` +
      `${'p99 ms'.padStart(9)}${'vs raw'.padStart(9)}${'304 share'.padStart(11)}${'gen CPU'.padStart(9)}` +
      `${'server CPU'.padStart(12)}${'ms/screen·min'.padStart(15)}${'CPU-bound'.padStart(11)}`,
  ];
  for (const row of rows) {
    // Even the fewest screens failed: its figures, under «< n».
    const step = row.held ?? row.lowest;
    const held = row.held ? `${row.capped ? '≥ ' : ''}${step.screens}` : `< ${step.screens}`;
    const calendarPolls = step.result.latencies.get('calendar')!.length;
    const ratio = raw?.held && row.held && row !== raw ? pct(step.screens / raw.held.screens) : '';
    lines.push(
      `${row.target.padEnd(22)}${held.padStart(14)}` +
        `${(step.reads.length / settings.stepSeconds).toFixed(0).padStart(9)}` +
        `${ms(percentile(step.reads, 50)).padStart(9)}${ms(percentile(step.reads, 99)).padStart(9)}` +
        `${ratio.padStart(9)}${(calendarPolls ? pct(step.result.notModified / calendarPolls) : '—').padStart(11)}` +
        `${pct(step.result.generatorCpu).padStart(9)}` +
        `${`${step.result.targetCores.toFixed(2)} cores`.padStart(12)}` +
        `${((step.result.targetCores * 60_000) / step.screens).toFixed(1).padStart(15)}` +
        `${((settings.cores * step.screens) / step.result.targetCores).toFixed(0).padStart(11)}`,
    );
  }
  return lines.join('\n');
}

async function main() {
  console.log(
    `bench:capacity${check ? ' --check' : ''} — node ${process.version}, ${cpus().length} CPU ` +
      `(${cpus()[0]?.model ?? '?'}), ${settings.stations} stations, reaction to an event: ${settings.reaction}, ` +
      `load average ${loadavg()[0]!.toFixed(1)}`,
  );
  const { held, checkRuns } = await benchPostgres();
  if (checkRuns) {
    const verdict = capacityVerdict(checkFigures(checkRuns.product), checkFigures(checkRuns.raw));
    console.log(`\n${verdict.lines.join('\n')}`);
    console.log(
      `total ${elapsed()}, load average at the end ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPU`,
    );
    if (!verdict.ok) process.exitCode = 1;
    return;
  }
  if (!settings.skipPglite) held.push(await benchPglite());
  console.log('');
  console.log(
    `screens held at read p99 < ${P99_GOAL} ms (polls and event refetches), steps of ${settings.stepSeconds} s:`,
  );
  console.log(heldTable(held));
  console.log(
    `(server CPU: the server process and its PostgreSQL backends, averaged over the step; ms/screen·min: ` +
      `that CPU per open screen per minute; CPU-bound: screens ${settings.cores} cores would hold at that ` +
      `cost with nothing else running — a ceiling, not a p99 figure; gen CPU: this load generator, of one core)`,
  );
  const pgRow = held.find((r) => r.target === 'PostgreSQL');
  const pgScreens = pgRow?.held?.screens ?? 0;
  console.log(`\naim: ≥ 2000 screens on PostgreSQL: ${pgScreens} — ${pgScreens >= 2000 ? 'met' : 'NOT met'}`);
  console.log(
    `total ${elapsed()}, load average at the end ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPU`,
  );
}

try {
  await main();
} finally {
  await cleanUp();
}
