import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Whether `dataDir` holds no PGlite database yet (the server's first start on it). */
export function isFreshDataDir(dataDir: string) {
  return !existsSync(join(dataDir, 'pglite', 'PG_VERSION'));
}

/**
 * Creates the embedded database with the demo data in a process of its own, which then exits. PGlite's
 * memory only grows, and initdb plus the seed's inserts (and the seed's garbage in the JavaScript heap)
 * left the server ≈ 70–100 MB above what it holds when started on the same data later (bench:memory);
 * the server then opens the finished directory as on any later start. Rejects when the child fails: the
 * server must not start on a half-made directory (a later start seeds in-process, the seed being one
 * transaction).
 */
export function seedFreshDataDirInChildProcess(dataDir: string): Promise<void> {
  const script = fileURLToPath(new URL('./demo-first-start.ts', import.meta.url));
  // The parent's own flags (npm start's `--import`s) load the TypeScript entry the same way.
  const child = spawn(process.execPath, [...process.execArgv, script, dataDir], { stdio: 'inherit' });
  // Stopped while seeding: the child goes too, or it would hold the data directory's lock after we left.
  const stop = (signal: NodeJS.Signals) => {
    child.kill(signal);
    process.exit(1);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`demo data creation failed (exit ${code ?? signal})`)),
    );
  }).finally(() => {
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
  });
}
