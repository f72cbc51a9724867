import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface Child {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Spawns `node --import tsx <script>` from the repository root and waits until `readyPath` answers 200.
 * Its output goes to a log file, whose tail is shown when it fails to start.
 */
export async function spawnNode(
  script: string,
  port: number,
  env: NodeJS.ProcessEnv,
  readyPath: string,
  timeoutMs = 180_000,
): Promise<Child> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const logDir = mkdtempSync(join(tmpdir(), 'crm-bench-log-'));
  const logPath = join(logDir, 'out.log');
  const log = openSync(logPath, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const tail = () => readFileSync(logPath, 'utf8').split('\n').slice(-30).join('\n');
  const stop = async () => {
    if (exitCode === undefined) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(logDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exitCode !== undefined) {
      const message = `${script} exited (code ${exitCode}) before answering ${readyPath}:\n${tail()}`;
      await stop();
      throw new Error(message);
    }
    if (Date.now() > deadline) {
      const message = `${script} did not answer ${readyPath} within ${timeoutMs / 1000} s:\n${tail()}`;
      await stop();
      throw new Error(message);
    }
    try {
      const res = await fetch(`${baseUrl}${readyPath}`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseUrl, stop };
}

/** The product server as `npm start` runs it, on the given database, without demo seeding or web files. */
export function startProductServer(
  port: number,
  database: { databaseUrl: string } | { dataDir: string },
  logLevel: string,
): Promise<Child> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'YANDEX_CLIENT_ID', 'YANDEX_CLIENT_SECRET', 'AUTH_LOCAL']) {
    delete env[key];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: '0',
    LOG_LEVEL: logLevel,
    ...('databaseUrl' in database ? { DATABASE_URL: database.databaseUrl } : { DATA_DIR: database.dataDir }),
  });
  return spawnNode('apps/server/src/server.ts', port, env, '/api/health');
}
