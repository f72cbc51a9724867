import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Asks the OS for a port nobody listens on. */
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

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Default: E2E_PORT, else a free port. */
  port?: number;
  /** Default: WEB_DIST_DIR, else apps/web/dist (built by `npm run test:e2e`). */
  webDist?: string;
}

/**
 * Starts the real server exactly as `npm start` does (`node --import tsx apps/server/src/server.ts`), on an
 * empty data directory with the demo data, and waits until `/api/health` answers.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const webDist = options.webDist ?? process.env.WEB_DIST_DIR ?? join(repoRoot, 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`No web build in ${webDist}: run \`npm run build\` first (\`npm run test:e2e\` does).`);
  }
  const port = options.port ?? (Number(process.env.E2E_PORT) || (await freePort()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'crm-e2e-'));
  const logPath = join(dir, 'server.log');
  const log = openSync(logPath, 'a');

  // The outer environment must not leak a real database or a Yandex client into the demo server.
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    'DATABASE_URL',
    'YANDEX_CLIENT_ID',
    'YANDEX_CLIENT_SECRET',
    'AUTH_LOCAL',
    'COOKIE_SECRET',
  ]) {
    delete env[key];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: join(dir, 'data'),
    SEED_DEMO: '1',
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: 'warn',
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  const logTail = () => readFileSync(logPath, 'utf8').split('\n').slice(-30).join('\n');
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exitCode !== undefined) {
      throw new Error(`The server exited (code ${exitCode}) before answering /api/health:\n${logTail()}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /api/health within 90 s:\n${logTail()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    baseUrl,
    dataDir: join(dir, 'data'),
    async stop() {
      if (exitCode === undefined) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!process.env.E2E_KEEP_DATA) rmSync(dir, { recursive: true, force: true });
    },
  };
}
