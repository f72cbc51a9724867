/**
 * `npm run bench:capacity-cluster` (not a test; issue 41): the open operator screens of `bench:capacity`
 * (bench/support/screens.ts: week poll every 60 s with its tag, new orders every 20 s, one event stream,
 * a refetch on each order event, one write per station a minute) against
 *   (a) one instance, directly, and
 *   (b) three instances behind nginx (`startCluster()`, bench/cluster/cluster.ts: `deploy/nginx/crm.conf`),
 * on one throw-away PostgreSQL with «Бенч-сеть» seeded (bench/support/seed-network.ts), the same screen
 * counts in both. The instances, nginx, PostgreSQL and this generator share the machine's cores, so the
 * figures that carry over to a real machine are the CPU per screen·minute of each tier and the ratio 3-vs-1,
 * not the screens held here.
 *
 * Per screen count and topology: a warm-up step (not counted), then a measured step of BENCH_STEP s:
 * failed requests and streams, read p50/p99, event delivery p99, the instances' CPU (summed), nginx's
 * (master and worker), PostgreSQL's (the postmaster and all its children, from /proc: pg_stat_statements
 * is not loaded in the throw-away cluster), PostgreSQL connections (pg_stat_activity, by kind) and each
 * instance's RSS before the streams opened and with them open.
 *
 * Then the LISTEN fan-out: no screens, BENCH_FANOUT_WRITES writes a second sent to instance 1 for
 * BENCH_FANOUT_SECONDS; instances 2 and 3 hold no streams and serve nothing, so their CPU is what every
 * instance pays per order event it hears (the NOTIFY, and the outbox dispatcher it wakes). The NOTIFY
 * payloads' sizes are read by a LISTEN of this bench on the same channel.
 *
 * Environment: BENCH_SCREENS (1000,2000), BENCH_STEP (20), BENCH_WARMUP_STEP (10), BENCH_STATIONS (50),
 * BENCH_DAYS (14), BENCH_FANOUT_WRITES (20), BENCH_FANOUT_SECONDS (15), BENCH_LOG_LEVEL (warn),
 * BENCH_NGINX_WORKER_CONNECTIONS (16384; 0: the local cluster's 4096, which 2000 screens exhaust).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Agent, request as httpRequest } from 'node:http';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { orderEventsChannel } from '../apps/server/src/modules/events/order-event-bus';
import { findNginx, startCluster, type Cluster } from './cluster/cluster';
import { prepareScreens, type PreparedScreens } from './support/capacity-recordings';
import { postmasterOf } from './support/process-cpu';
import { CpuSampler } from './support/cpu-sampler';
import { operatorScreen, percentile, readLatencies, ScreenLoad, type StepResult } from './support/screens';
import { screenTarget } from './support/screen-target';
import { seedBenchNetwork, type BenchNetwork } from './support/seed-network';
import { cleanUp, cleanups, elapsed, envNumber, log } from './support/bench-run';

const settings = {
  screens: (process.env.BENCH_SCREENS ?? '1000,2000')
    .split(',')
    .map(Number)
    .filter((n) => n > 0),
  stations: envNumber('BENCH_STATIONS', 50),
  days: envNumber('BENCH_DAYS', 14),
  stepSeconds: envNumber('BENCH_STEP', 20),
  warmupStepSeconds: envNumber('BENCH_WARMUP_STEP', 10),
  warmupSeconds: 3,
  fanoutWrites: envNumber('BENCH_FANOUT_WRITES', 20),
  fanoutSeconds: envNumber('BENCH_FANOUT_SECONDS', 15),
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
  nginxWorkerConnections: Number(process.env.BENCH_NGINX_WORKER_CONNECTIONS ?? 16384),
};
const P99_GOAL = 200;
const MAX_FAILED_SHARE = 0.001;

const ms = (x: number) => (Number.isNaN(x) ? '—' : x >= 100 ? x.toFixed(0) : x.toFixed(1));
const load1 = () => loadavg()[0]!.toFixed(1);

/** Resident memory of a process, MB (NaN when gone). */
function rssMb(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Number(line?.split(/\s+/)[1]) / 1024;
  } catch {
    return NaN;
  }
}

interface Row {
  topology: string;
  screens: number;
  result: StepResult;
  reads: number[];
  failed: number;
  total: number;
  pass: boolean;
  instanceCores: number;
  nginxCores: number;
  pgCores: number;
  connections: string;
  connectionsTotal: number;
  rssBefore: number[];
  rssOpen: number[];
  load: string;
}

/**
 * The local cluster's nginx has one worker of 4096 connections, and each event stream holds two (the
 * browser's and the instance's): at 2000 screens it logged «4096 worker_connections are not enough» and
 * dropped 79 streams and 335 calls. The bench measures the instances, so it raises the limit in the
 * generated file and reloads nginx (BENCH_NGINX_WORKER_CONNECTIONS; 0 keeps the cluster's).
 */
function raiseNginxConnections(cluster: Cluster) {
  if (!settings.nginxWorkerConnections) return;
  const conf = join(cluster.nginxLogDir, 'nginx.conf');
  const text = readFileSync(conf, 'utf8');
  const raised = text
    .replace(/worker_connections \d+;/, `worker_connections ${settings.nginxWorkerConnections};`)
    .replace(
      /^(worker_processes .*\n)/m,
      `$1worker_rlimit_nofile ${2 * settings.nginxWorkerConnections + 1024};\n`,
    );
  if (raised === text) throw new Error(`no worker_connections in ${conf}`);
  writeFileSync(conf, raised);
  execFileSync(findNginx(), ['-p', cluster.nginxLogDir, '-c', conf, '-s', 'reload'], { stdio: 'inherit' });
  log(`nginx: worker_connections ${settings.nginxWorkerConnections} (reloaded)`);
}

async function pgConnections(url: string): Promise<{ total: number; text: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ kind: string; n: string }>(
      `select case when query ilike 'listen%' then 'listen' else coalesce(state, '?') end as kind, count(*) as n
       from pg_stat_activity
       where backend_type = 'client backend' and pid <> pg_backend_pid()
       group by 1 order by 1`,
    );
    const total = rows.reduce((a, r) => a + Number(r.n), 0);
    return { total, text: rows.map((r) => `${r.kind} ${r.n}`).join(', ') };
  } finally {
    await client.end();
  }
}

async function measure(
  cluster: Cluster,
  topology: string,
  baseUrl: string,
  net: BenchNetwork,
  prepared: PreparedScreens,
  postmaster: number,
  nginxPid: number | null,
): Promise<Row[]> {
  const running = () => cluster.instances.filter((i) => i.running);
  const cpu = new CpuSampler({
    instances: () => running().map((i) => i.pid!),
    nginx: () => (nginxPid && topology !== '1 instance' ? [nginxPid] : []),
    pg: () => [postmaster],
  });
  const rows: Row[] = [];
  const load = new ScreenLoad(
    screenTarget(baseUrl, net, prepared, 'bench:capacity-cluster'),
    settings.stations,
  );
  try {
    for (const [i, screens] of settings.screens.entries()) {
      const rssBefore = running().map((x) => rssMb(x.pid));
      const failedToOpen = await load.resize(screens, (line) => log(`${topology}: ${line}`));
      await load.prime();
      const rssOpen = running().map((x) => rssMb(x.pid));
      const schedule = (seconds: number) => ({
        ...operatorScreen,
        durationMs: (seconds + settings.warmupSeconds) * 1000,
        warmupMs: settings.warmupSeconds * 1000,
        reaction: 'order' as const,
      });
      await load.run(schedule(settings.warmupStepSeconds), 100 + i);
      cpu.start();
      const t = performance.now();
      let connections = { total: 0, text: '' };
      const connectionsAt = setTimeout(
        () => {
          void pgConnections(cluster.postgres.url).then((c) => (connections = c));
        },
        (settings.stepSeconds * 1000) / 2,
      );
      const result = await load.run(schedule(settings.stepSeconds), 1 + i);
      clearTimeout(connectionsAt);
      const used = cpu.stop();
      const wall = (performance.now() - t) / 1000;
      const cores = (k: string) => used[k]! / wall;
      const reads = readLatencies(result);
      const total = [...result.statuses.values()].reduce((a, b) => a + b, 0) + result.unanswered;
      const ok = (result.statuses.get('200') ?? 0) + (result.statuses.get('304') ?? 0);
      const failed = total - ok;
      const pass =
        !failedToOpen &&
        percentile(reads, 99) < P99_GOAL &&
        failed <= MAX_FAILED_SHARE * total &&
        result.sseOpen === screens &&
        result.sseLost === 0;
      const row: Row = {
        topology,
        screens,
        result,
        reads,
        failed,
        total,
        pass,
        instanceCores: cores('instances'),
        nginxCores: topology === '1 instance' ? 0 : cores('nginx'),
        pgCores: cores('pg'),
        connections: connections.text,
        connectionsTotal: connections.total,
        rssBefore,
        rssOpen,
        load: load1(),
      };
      rows.push(row);
      const statuses = [...result.statuses].map(([c, n]) => `${c}: ${n}`).join(', ');
      log(
        `${topology}, ${screens} screens: reads p50 ${ms(percentile(reads, 50))} ms, p99 ${ms(percentile(reads, 99))} ms; ` +
          `event delivery p99 ${ms(percentile(result.delivery, 99))} ms; ${statuses}` +
          `${result.unanswered ? `, unanswered ${result.unanswered}` : ''}; streams ${result.sseOpen}/${screens}` +
          `${result.sseLost ? ` (${result.sseLost} lost)` : ''}; instances ${row.instanceCores.toFixed(2)} cores, ` +
          `nginx ${row.nginxCores.toFixed(2)}, PostgreSQL ${row.pgCores.toFixed(2)}, generator ` +
          `${result.generatorCpu.toFixed(2)}; PG connections ${connections.total} (${connections.text}); RSS ` +
          `${rssBefore.map((r) => r.toFixed(0)).join('/')} → ${rssOpen.map((r) => r.toFixed(0)).join('/')} MB; ` +
          `load ${row.load} — ${pass ? 'pass' : 'FAIL'}`,
      );
    }
  } finally {
    load.close();
  }
  return rows;
}

interface Fanout {
  listeners: number;
  events: number;
  payload: { avg: number; max: number };
  /** CPU ms per event of each instance that only hears the events (2 and 3), the idle cost taken off. */
  hearerMs: number[];
  /** CPU ms per event of the writing instance, and of PostgreSQL (the write and every instance's wake-up). */
  writerMs: number;
  pgMs: number;
}

/**
 * Writes straight to instance 1 with no screens anywhere, first while nothing is written (the idle cost:
 * timers, the outbox's fallback poll), then BENCH_FANOUT_WRITES a second: what each instance and
 * PostgreSQL pay per order event, with the instances now running.
 */
async function fanout(
  cluster: Cluster,
  net: BenchNetwork,
  prepared: PreparedScreens,
  postmaster: number,
): Promise<Fanout> {
  const [first, ...rest] = cluster.instances;
  const hearers = rest.filter((i) => i.running);
  const target = screenTarget(first!.url, net, prepared, 'bench:capacity-cluster');
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const listener = new pg.Client({ connectionString: cluster.postgres.url });
  await listener.connect();
  const sizes: number[] = [];
  listener.on('notification', (n) => sizes.push(Buffer.byteLength(n.payload ?? '')));
  await listener.query(`listen ${orderEventsChannel}`);
  const send = (n: number) =>
    new Promise<number>((resolve) => {
      const call = target.write(n % settings.stations, 5_000_000 + n);
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: first!.port,
          method: call.method,
          path: call.path,
          agent,
          headers: {
            ...call.headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(call.body!),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(0));
      req.end(call.body);
    });
  const groups: Record<string, () => number[]> = {
    writer: () => [first!.pid!],
    pg: () => [postmaster],
  };
  hearers.forEach((h, i) => (groups[`hearer${i}`] = () => [h.pid!]));
  const sampler = new CpuSampler(groups);
  const seconds = settings.fanoutSeconds;
  try {
    sampler.start();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const idle = sampler.stop();
    sizes.length = 0;
    sampler.start();
    const statuses: number[] = [];
    const count = settings.fanoutWrites * seconds;
    const t0 = performance.now();
    const pending: Promise<void>[] = [];
    for (let n = 0; n < count; n++) {
      const at = t0 + (n * 1000) / settings.fanoutWrites;
      await new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));
      pending.push(send(n).then((s) => void statuses.push(s)));
    }
    await Promise.all(pending);
    await new Promise((r) => setTimeout(r, 500));
    const busy = sampler.stop();
    const busySeconds = (performance.now() - t0) / 1000;
    const bad = statuses.filter((s) => s !== 200).length;
    if (bad) {
      const by = new Map<number, number>();
      for (const st of statuses) by.set(st, (by.get(st) ?? 0) + 1);
      log(
        `fan-out: ${bad} of ${count} writes did not answer 200 (${[...by].map(([k, v]) => `${k}: ${v}`).join(', ')}); ` +
          `instance 1 ${first!.running ? 'running' : 'not running'}`,
      );
    }
    const events = sizes.length;
    const perEvent = (k: string) => ((busy[k]! - (idle[k]! * busySeconds) / seconds) * 1000) / events;
    return {
      listeners: 1 + hearers.length,
      events,
      payload: { avg: sizes.reduce((a, b) => a + b, 0) / Math.max(1, events), max: Math.max(0, ...sizes) },
      hearerMs: hearers.map((_, i) => perEvent(`hearer${i}`)),
      writerMs: perEvent('writer'),
      pgMs: perEvent('pg'),
    };
  } finally {
    agent.destroy();
    await listener.end();
  }
}

function table(rows: Row[]): string {
  const head =
    `${'topology'.padEnd(22)}${'screens'.padStart(8)}${'result'.padStart(8)}${'failed'.padStart(8)}${'streams'.padStart(9)}${'p50 ms'.padStart(8)}` +
    `${'p99 ms'.padStart(8)}${'deliv p99'.padStart(10)}${'inst cores'.padStart(11)}${'inst ms/scr·min'.padStart(16)}` +
    `${'nginx ms/scr·min'.padStart(17)}${'PG ms/scr·min'.padStart(14)}${'PG conns'.padStart(9)}` +
    `${'RSS Δ MB/1000'.padStart(14)}${'load'.padStart(6)}`;
  const lines = [head];
  for (const r of rows) {
    const per = (cores: number) => ((cores * 60_000) / r.screens).toFixed(1);
    const rssDelta =
      (r.rssOpen.reduce((a, b) => a + b, 0) - r.rssBefore.reduce((a, b) => a + b, 0)) / (r.screens / 1000);
    lines.push(
      `${r.topology.padEnd(22)}${String(r.screens).padStart(8)}${(r.pass ? 'pass' : 'FAIL').padStart(8)}` +
        `${String(r.failed).padStart(8)}${String(r.result.sseOpen).padStart(9)}` +
        `${ms(percentile(r.reads, 50)).padStart(8)}${ms(percentile(r.reads, 99)).padStart(8)}` +
        `${ms(percentile(r.result.delivery, 99)).padStart(10)}${r.instanceCores.toFixed(2).padStart(11)}` +
        `${per(r.instanceCores).padStart(16)}${(r.nginxCores ? per(r.nginxCores) : '—').padStart(17)}` +
        `${per(r.pgCores).padStart(14)}${String(r.connectionsTotal).padStart(9)}` +
        `${rssDelta.toFixed(0).padStart(14)}${r.load.padStart(6)}`,
    );
  }
  return lines.join('\n');
}

async function main() {
  console.log(
    `bench:capacity-cluster — node ${process.version}, ${cpus().length} CPU (${cpus()[0]?.model ?? '?'}), ` +
      `${settings.stations} stations, screens ${settings.screens.join(', ')}, steps of ${settings.stepSeconds} s, ` +
      `load average ${load1()}`,
  );
  const cluster = await startCluster({ instances: 3, webDist: null, logLevel: settings.logLevel, log });
  cleanups.push(() => cluster.stop());
  const nginxPid = (() => {
    try {
      return Number(readFileSync(join(cluster.nginxLogDir, 'nginx.pid'), 'utf8').trim()) || null;
    } catch {
      return null;
    }
  })();
  if (!nginxPid) log('WARNING: no nginx.pid: nginx CPU is not reported');
  raiseNginxConnections(cluster);

  const handle = await openDatabase({ databaseUrl: cluster.postgres.url, poolSize: 2 });
  let net: BenchNetwork;
  let prepared: PreparedScreens;
  let postmaster: number;
  try {
    const backend = (await handle.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
      rows: { pid: number }[];
    };
    postmaster = postmasterOf(backend.rows[0]!.pid)!;
    const t = performance.now();
    net = await seedBenchNetwork(handle.db, {
      stations: settings.stations,
      boxes: 4,
      days: settings.days,
      futureDays: Math.floor(settings.days / 2),
    });
    log(`seeded ${net.orders} orders in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    prepared = await prepareScreens(handle, net, {
      screens: Math.max(...settings.screens),
      newOrdersPerStation: 3,
      record: false,
      config: { DATABASE_URL: cluster.postgres.url },
    });
  } finally {
    await handle.close();
  }
  if (!prepared.calendarRoute) log('WARNING: no GET /api/order/calendar with a tag');

  // (a) one instance, directly: the other two stopped, so it alone hears the events and pays for them.
  await Promise.all(cluster.instances.slice(1).map((i) => i.stop()));
  const one = await measure(
    cluster,
    '1 instance',
    cluster.instances[0]!.url,
    net,
    prepared,
    postmaster,
    null,
  );
  // (b) all three behind nginx.
  await Promise.all(cluster.instances.slice(1).map((i) => i.start()));
  const three = await measure(
    cluster,
    '3 instances + nginx',
    cluster.url,
    net,
    prepared,
    postmaster,
    nginxPid,
  );
  const fanThree = await fanout(cluster, net, prepared, postmaster);
  await Promise.all(cluster.instances.slice(1).map((i) => i.stop()));
  const fanOne = await fanout(cluster, net, prepared, postmaster);

  console.log('');
  console.log(table([...one, ...three]));
  console.log(
    '(ms/scr·min: CPU ms per open screen per minute of that tier; inst: the instances summed; PG: the ' +
      'postmaster and its children from /proc; PG conns: client backends in pg_stat_activity mid-step; ' +
      'RSS Δ: the instances’ resident memory with the streams open minus before, per 1000 streams)',
  );
  for (const screens of settings.screens) {
    const a = one.find((r) => r.screens === screens);
    const b = three.find((r) => r.screens === screens);
    if (!a || !b) continue;
    const perA = a.instanceCores / a.screens;
    const perB = b.instanceCores / b.screens;
    console.log(
      `${screens} screens, 3 vs 1: instance CPU per screen ×${(perB / perA).toFixed(2)}, with nginx ` +
        `×${((b.instanceCores + b.nginxCores) / a.instanceCores).toFixed(2)}, PostgreSQL ×${(b.pgCores / a.pgCores).toFixed(2)}, ` +
        `read p99 ${ms(percentile(a.reads, 99))} → ${ms(percentile(b.reads, 99))} ms, connections ${a.connectionsTotal} → ${b.connectionsTotal}`,
    );
  }
  for (const fan of [fanOne, fanThree]) {
    if (!fan.events) {
      console.log(`LISTEN fan-out, ${fan.listeners} instance(s) running: no order events heard`);
      continue;
    }
    console.log(
      `LISTEN fan-out, ${fan.listeners} instance(s) running: ${fan.events} order events at ` +
        `${settings.fanoutWrites}/s written through instance 1; NOTIFY payload ${fan.payload.avg.toFixed(0)} B ` +
        `on average, ${fan.payload.max} B at most; CPU ms per event: writer ${fan.writerMs.toFixed(2)}, ` +
        `PostgreSQL ${fan.pgMs.toFixed(2)}` +
        `${fan.hearerMs.length ? `, each instance that only hears it ${fan.hearerMs.map((x) => x.toFixed(2)).join(' / ')}` : ''}`,
    );
  }
  if (fanOne.events && fanThree.events)
    console.log(
      `PostgreSQL per event per extra instance listening: ${((fanThree.pgMs - fanOne.pgMs) / 2).toFixed(2)} CPU ms`,
    );
  console.log(`total ${elapsed()}, load average at the end ${load1()} on ${cpus().length} CPU`);
}

try {
  await main();
} finally {
  await cleanUp();
}
