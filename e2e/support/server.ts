import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
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

export interface Child {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Whether a GET of `url` answers 2xx. Over HTTPS it trusts the certificate `ca` alone: `fetch` takes no
 * certificate of its own, and NODE_EXTRA_CA_CERTS is read only when a process starts.
 */
function answersOk(url: string, ca?: Buffer): Promise<boolean> {
  if (!ca) return fetch(url).then((res) => res.ok);
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca }, (res) => {
        res.resume();
        resolve(res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300);
      })
      .on('error', reject);
  });
}

/**
 * Node's flags for the server, as `npm start` gives them (apps/server/package.json). PGlite is imported by
 * Node itself before tsx registers: through tsx's loader (which rewrites its dynamic imports and attaches a
 * source map) its bundle cost the server's thread ≈ 22 MB of resident memory for good (bench:memory). The
 * worker that runs PGlite loads it the same way (pglite-worker-boot.mjs); this thread loads it for
 * drizzle's PGlite driver.
 */
export const serverNodeFlags = ['--import', '@electric-sql/pglite', '--import', 'tsx'];

/** TypeScript through tsx, nothing else: a script that is not the server (the benches' raw baselines). */
export const scriptNodeFlags = ['--import', 'tsx'];

/**
 * Spawns `node <nodeFlags> <script>` from the repository root and waits until `readyPath` answers 200.
 * Its output goes to a log file, whose tail is shown when it fails to start.
 */
export async function spawnNode(
  script: string,
  port: number,
  env: NodeJS.ProcessEnv,
  readyPath: string,
  { timeoutMs = 180_000, nodeFlags = serverNodeFlags }: { timeoutMs?: number; nodeFlags?: string[] } = {},
): Promise<Child> {
  // A server given a certificate speaks HTTPS only (the caller trusts it: NODE_EXTRA_CA_CERTS).
  const baseUrl = `${env.TLS_CERT_FILE ? 'https' : 'http'}://127.0.0.1:${port}`;
  const ca = env.TLS_CERT_FILE ? readFileSync(env.TLS_CERT_FILE) : undefined;
  const logDir = mkdtempSync(join(tmpdir(), 'crm-log-'));
  const logPath = join(logDir, 'out.log');
  const log = openSync(logPath, 'a');
  const child = spawn(process.execPath, [...nodeFlags, script], {
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
      if (await answersOk(`${baseUrl}${readyPath}`, ca)) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseUrl, stop };
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
  /** A certificate to serve HTTPS with (TLS_CERT_FILE, TLS_KEY_FILE); plain HTTP without. */
  tls?: { certFile: string; keyFile: string };
}

/**
 * Starts the real server exactly as `npm start` does (`node <serverNodeFlags> apps/server/src/server.ts`), on an
 * empty data directory with the demo data, and waits until `/api/ready` answers (the database too).
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const webDist = options.webDist ?? process.env.WEB_DIST_DIR ?? join(repoRoot, 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`No web build in ${webDist}: run \`npm run build\` first (\`npm run test:e2e\` does).`);
  }
  const port = options.port ?? (Number(process.env.E2E_PORT) || (await freePort()));
  const dir = mkdtempSync(join(tmpdir(), 'crm-e2e-'));

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
    PUBLIC_URL: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    DATA_DIR: join(dir, 'data'),
    SEED_DEMO: '1',
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: 'warn',
    // The deadline sheds by the host's speed, and a browser's navigation is not sent again after a 503: on
    // a loaded test host a sign-in was shed. The flows are tested here, the deadline in its own tests.
    RESPONSE_DEADLINE_MS: process.env.RESPONSE_DEADLINE_MS ?? '0',
    ...(options.tls ? { TLS_CERT_FILE: options.tls.certFile, TLS_KEY_FILE: options.tls.keyFile } : {}),
  });
  // A loaded machine (parallel work on 2 cores) may seed the demo slower: E2E_START_TIMEOUT_MS raises it.
  const startTimeout = Number(process.env.E2E_START_TIMEOUT_MS) || 90_000;
  const child = await spawnNode('apps/server/src/server.ts', port, env, '/api/ready', {
    timeoutMs: startTimeout,
  });
  return {
    baseUrl: child.baseUrl,
    dataDir: join(dir, 'data'),
    async stop() {
      await child.stop();
      if (!process.env.E2E_KEEP_DATA) rmSync(dir, { recursive: true, force: true });
    },
  };
}
