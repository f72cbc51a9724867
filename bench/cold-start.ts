/**
 * `npm run bench:cold-start`: time from spawning the server (`node --import tsx apps/server/src/server.ts`)
 * to `/api/ready` answering (the database answers too; `/api/health` answers from memory), on an empty
 * DATA_DIR (first start: PGlite initdb, migrations, demo seed) and again on the same directory (second start). Repeats RUNS times (default 3) and prints the median.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot, serverNodeFlags } from '../e2e/support/server';

const runs = Number(process.env.RUNS ?? 3);

/** Starts the server, returns milliseconds until /api/ready answered 200, then stops it. */
async function timeStart(dataDir: string, port: number): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '1' };
  env.LOG_LEVEL = 'warn';
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, [...serverNodeFlags, 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  try {
    for (;;) {
      if (gone) throw new Error('the server exited before answering /api/ready');
      if (performance.now() - started > 120_000) throw new Error('no /api/ready answer within 120 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    if (!gone) child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const port = Number(process.env.BENCH_PORT) || (await freePort());
const first: number[] = [];
const second: number[] = [];
for (let i = 0; i < runs; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'crm-cold-start-'));
  try {
    first.push(await timeStart(join(dir, 'data'), port));
    second.push(await timeStart(join(dir, 'data'), port));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const fmt = (xs: number[]) => xs.map((x) => `${Math.round(x)}`).join(', ');
console.log(`cold start to /api/ready (ms), ${runs} runs, node ${process.version}`);
console.log(
  `  first start, empty DATA_DIR (initdb + migrations + demo seed): median ${Math.round(median(first))}  [${fmt(first)}]`,
);
console.log(
  `  second start, same DATA_DIR:                                   median ${Math.round(median(second))}  [${fmt(second)}]`,
);
