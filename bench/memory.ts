/**
 * `npm run bench:memory [-- --check]`: resident memory of the embedded server (PGlite) at rest with the demo
 * data. Starts `node --import tsx apps/server/src/server.ts` as `npm start` does on an empty DATA_DIR (first
 * start: initdb, migrations, demo seed), waits for /api/ready and IDLE_MS (default 10 s) more, reads the
 * process's VmRSS SAMPLES times (default 3, SAMPLE_GAP_MS apart, default 2 s) and keeps the median; stops it
 * and does the same on a restart over the same directory. VmHWM (the peak) is shown too, not budgeted.
 *
 * --check exits 1 when either median exceeds the budget (300 MB, issue 15).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, repoRoot, serverNodeFlags } from '../e2e/support/server';

const budgetMb = 300;
const idleMs = Number(process.env.IDLE_MS ?? 10_000);
const samples = Number(process.env.SAMPLES ?? 3);
const sampleGapMs = Number(process.env.SAMPLE_GAP_MS ?? 2_000);
const check = process.argv.includes('--check');

interface Measurement {
  readyMs: number;
  rssMb: number;
  rssSamplesMb: number[];
  peakMb: number;
}

/** A field of /proc/<pid>/status in MB (Linux: the figures are in kB). */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  if (!kb) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(kb) / 1024;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Starts the server on `dataDir`, measures it at rest, stops it. */
async function measure(dataDir: string, port: number): Promise<Measurement> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'YANDEX_CLIENT_ID', 'YANDEX_CLIENT_SECRET', 'AUTH_LOCAL'])
    delete env[key];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    // As `npm start` (apps/server/package.json) runs it: glibc's per-thread malloc arenas (the PGlite worker,
    // libuv's pool) each kept freed memory, ≈ 20 MB at rest.
    MALLOC_ARENA_MAX: '2',
  });
  const started = performance.now();
  // The node process itself (no shell in between): its pid is the one whose memory counts.
  const child = spawn(process.execPath, [...serverNodeFlags, 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  try {
    let readyMs: number | undefined;
    while (readyMs === undefined) {
      if (gone) throw new Error('the server exited before answering /api/ready');
      if (performance.now() - started > 180_000) throw new Error('no /api/ready answer within 180 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
        if (res.ok) readyMs = performance.now() - started;
      } catch {
        // not listening yet
      }
      if (readyMs === undefined) await sleep(100);
    }
    await sleep(idleMs);
    const rssSamplesMb: number[] = [];
    for (let i = 0; i < samples; i++) {
      if (i > 0) await sleep(sampleGapMs);
      rssSamplesMb.push(statusMb(child.pid!, 'VmRSS'));
    }
    return { readyMs, rssMb: median(rssSamplesMb), rssSamplesMb, peakMb: statusMb(child.pid!, 'VmHWM') };
  } finally {
    if (!gone) child.kill('SIGTERM');
    await exited;
  }
}

const benchStarted = performance.now();
const port = Number(process.env.BENCH_PORT) || (await freePort());
const dir = mkdtempSync(join(tmpdir(), 'crm-memory-'));
let first: Measurement;
let restart: Measurement;
try {
  first = await measure(join(dir, 'data'), port);
  restart = await measure(join(dir, 'data'), port);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const mb = (x: number) => x.toFixed(0);
const line = (label: string, m: Measurement) =>
  `  ${label} RSS median ${mb(m.rssMb)} MB [${m.rssSamplesMb.map(mb).join(', ')}], ` +
  `peak ${mb(m.peakMb)} MB, ready in ${(m.readyMs / 1000).toFixed(1)} s`;
console.log(
  `embedded server (PGlite) at rest with the demo data, node ${process.version}; budget ${budgetMb} MB`,
);
console.log(line('first start (initdb + migrations + seed):', first));
console.log(line('restart on the same DATA_DIR:            ', restart));
console.log(`  bench took ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);

if (check) {
  const over = Object.entries({ 'first start': first, restart }).filter(([, m]) => m.rssMb > budgetMb);
  for (const [label, m] of over)
    console.error(`over budget: ${label} RSS ${mb(m.rssMb)} MB > ${budgetMb} MB`);
  if (over.length) process.exit(1);
}
