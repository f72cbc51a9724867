/**
 * The production topology on one machine (issue 41): a throw-away PostgreSQL cluster with the demo data,
 * N server instances on free ports (3 by default) and nginx in front with `deploy/nginx/crm.conf`
 * (nginx-config.ts). `npm run cluster` (run.ts) starts it for a person; tests and benchmarks import
 * `startCluster()` and get handles to restart, stop or kill an instance and to restart PostgreSQL.
 *
 * Needs Debian's `postgresql` (server binaries in /usr/lib/postgresql/<major>/bin, run as the `postgres`
 * user when we are root, as `.ci/run` does) and `nginx` (the package only: its system service is not used).
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, repoRoot, serverNodeFlags } from '../../e2e/support/server';
import { localNginxConfig } from './nginx-config';
import { findPgBin } from '../support/pg-cluster';

const execFileAsync = promisify(execFile);

export interface ClusterOptions {
  /** Server instances behind nginx (3). */
  instances?: number;
  /** The web client's build for nginx and the instances; null: none (API only). Default: WEB_DIST_DIR or apps/web/dist when built. */
  webDist?: string | null;
  /** HTTPS with HTTP/2 and a self-signed certificate (openssl) instead of plain HTTP. */
  tls?: boolean;
  /** More variables for every instance. */
  env?: NodeJS.ProcessEnv;
  /** The instances' LOG_LEVEL (warn). Their output: `<dir>/instance-<n>.log`. */
  logLevel?: string;
  /** Progress lines (none by default). */
  log?: (line: string) => void;
}

export interface ClusterInstance {
  /** 1, 2, 3… */
  readonly n: number;
  readonly port: number;
  /** The instance directly (http://127.0.0.1:port), bypassing nginx. */
  readonly url: string;
  readonly logPath: string;
  readonly running: boolean;
  readonly pid: number | undefined;
  /** Starts it (again) on its port and waits until `/api/ready` answers 200. */
  start(): Promise<void>;
  /** SIGTERM (a rolling restart's stop) and waits for the exit: its code and how long it took. */
  stop(): Promise<{ code: number | null; ms: number }>;
  /** kill -9: a crash. */
  kill(): Promise<void>;
}

export interface ClusterPostgres {
  readonly url: string;
  readonly version: string;
  /** `pg_ctl restart -m fast`: connections cut, the server down and back on the same port. */
  restart(): Promise<void>;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
}

export interface Cluster {
  /** nginx: what users open. */
  readonly url: string;
  readonly instances: ClusterInstance[];
  readonly postgres: ClusterPostgres;
  /** Every instance's METRICS_TOKEN (`GET <instance>/metrics`). */
  readonly metricsToken: string;
  /** Logs and data of this run (removed by stop()). */
  readonly dir: string;
  readonly nginxLogDir: string;
  /** nginx's web root: the web build, or an empty folder of this run's (API only). */
  readonly webRoot: string;
  /**
   * Marks instance `n` `down` in nginx's upstream (or up again) and reloads nginx: resolves once nginx's new
   * worker runs (the old one finishes the calls it has, then exits; it keeps its event streams meanwhile).
   */
  setDown(n: number, down: boolean): Promise<void>;
  /**
   * Until instance `n` has had no call in flight or waiting and answered no new one for `quietMs` (by its
   * /metrics; event streams aside), at most `timeoutMs`: how long that took, and whether it got quiet.
   */
  waitQuiet(
    n: number,
    options?: { quietMs?: number; timeoutMs?: number },
  ): Promise<{ ms: number; quiet: boolean }>;
  /**
   * The rolling restart of open-source nginx (no active health checks), as deploy/rolling-restart.sh does
   * it: each instance in turn is marked down and nginx reloaded, it is left until quiet, SIGTERMed (a
   * drain), waited for, started, waited for until `/api/ready` answers 200 directly, marked up and nginx
   * reloaded. What each step took, per instance.
   */
  rollingRestart(options?: { log?: (line: string) => void }): Promise<RestartPhase[]>;
  /**
   * One more instance on a free port, outside nginx's upstream, with the others' environment and `env` on
   * top (e.g. another DATABASE_URL), never seeding; started (ready). stop() stops it with the rest.
   */
  extraInstance(env?: NodeJS.ProcessEnv): Promise<ClusterInstance>;
  stop(): Promise<void>;
}

/** One instance's turn in `rollingRestart()` (performance.now() instants). */
export interface RestartPhase {
  n: number;
  markedDown: number;
  quiet: { ms: number; quiet: boolean };
  signalled: number;
  exited: number;
  code: number | null;
  ready: number;
  markedUp: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function findNginx(): string {
  for (const path of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(path)) return path;
  throw new Error("No nginx: apt-get install -y nginx (Debian's package; its service need not run)");
}

/** A GET of `url`: its status, or 0 when it cannot be reached or takes over `timeoutMs`. */
async function statusOf(url: string, timeoutMs = 2000): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

async function startPostgres(
  dir: string,
  log: (line: string) => void,
): Promise<ClusterPostgres & { destroy(): void }> {
  const bin = findPgBin();
  const asRoot = userInfo().uid === 0;
  const command = (cmd: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
  const run = async (cmd: string, args: string[]) => {
    const [file, argv] = command(cmd, args);
    return (await execFileAsync(file, argv, { encoding: 'utf8' })).stdout;
  };
  const pgDir = join(dir, 'postgres');
  mkdirSync(pgDir);
  chmodSync(dir, 0o755);
  chmodSync(pgDir, 0o755);
  if (asRoot) {
    const [, , uid, gid] = execFileSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' })
      .trim()
      .split(':');
    chownSync(pgDir, Number(uid), Number(gid));
  }
  const data = join(pgDir, 'data');
  const port = await freePort();
  await run('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-locale',
    '--no-sync',
  ]);
  const options = [
    '-c listen_addresses=127.0.0.1',
    `-p ${port}`,
    `-c unix_socket_directories=${pgDir}`,
    '-c max_connections=200',
    '-c fsync=off',
  ].join(' ');
  const logFile = join(pgDir, 'postgres.log');
  let up = false;
  const start = async () => {
    await run('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '60', '-o', options, 'start']);
    up = true;
  };
  await start();
  const version = (await run('postgres', ['--version'])).trim();
  log(`PostgreSQL on 127.0.0.1:${port} (${version})`);
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    up = false;
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version,
    start,
    stop,
    async restart() {
      await run('pg_ctl', [
        '-D',
        data,
        '-l',
        logFile,
        '-m',
        'fast',
        '-w',
        '-t',
        '60',
        '-o',
        options,
        'restart',
      ]);
      up = true;
    },
    destroy() {
      if (!up) return;
      const [file, argv] = command('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      try {
        execFileSync(file, argv, { stdio: 'ignore' });
      } catch {
        // already gone
      }
      up = false;
    },
  };
}

function selfSignedCertificate(dir: string) {
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile };
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const count = options.instances ?? 3;
  const nginxBin = findNginx();
  const dir = mkdtempSync(join(tmpdir(), 'crm-cluster-'));
  const children = new Set<ChildProcess>();
  let postgres: Awaited<ReturnType<typeof startPostgres>> | null = null;
  let nginx: ChildProcess | null = null;
  // Whatever happens to the caller, nothing outlives it.
  const destroy = () => {
    nginx?.kill('SIGKILL');
    for (const child of children) child.kill('SIGKILL');
    postgres?.destroy();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', destroy);

  try {
    const defaultDist = process.env.WEB_DIST_DIR ?? join(repoRoot, 'apps/web/dist');
    let webDist = options.webDist === undefined ? defaultDist : options.webDist;
    if (!webDist || !existsSync(join(webDist, 'index.html'))) {
      if (webDist) log(`no web build in ${webDist}: API only`);
      webDist = join(dir, 'web');
      mkdirSync(webDist);
    }
    postgres = await startPostgres(dir, log);
    const nginxPort = await freePort();
    const tls = options.tls ? selfSignedCertificate(dir) : null;
    const url = `${tls ? 'https' : 'http'}://127.0.0.1:${nginxPort}`;
    const metricsToken = randomBytes(16).toString('hex');
    const cookieSecret = randomBytes(24).toString('hex');
    const ports: number[] = [];
    for (let i = 0; i < count; i++) ports.push(await freePort());

    const baseEnv: NodeJS.ProcessEnv = { ...process.env };
    for (const key of [
      'DATA_DIR',
      'DATABASE_URL',
      'TEST_DATABASE_URL',
      'YANDEX_CLIENT_ID',
      'YANDEX_CLIENT_SECRET',
      'AUTH_LOCAL',
      'COOKIE_SECRET',
      'TLS_CERT_FILE',
      'TLS_KEY_FILE',
      'PORT',
      'NODE_OPTIONS',
      'VITEST',
      'VITEST_POOL_ID',
      'VITEST_WORKER_ID',
      'NODE_ENV',
    ]) {
      delete baseEnv[key];
    }
    Object.assign(baseEnv, {
      HOST: '127.0.0.1',
      // Sign-in returns only here: users come through nginx.
      PUBLIC_URL: url,
      DATABASE_URL: postgres.url,
      // One secret: a session signed by one instance is good on the others.
      COOKIE_SECRET: cookieSecret,
      TRUST_PROXY: '1',
      METRICS_TOKEN: metricsToken,
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: options.logLevel ?? 'warn',
      MALLOC_ARENA_MAX: '2',
      ...options.env,
    });

    const makeInstance = (n: number, port: number, extraEnv: NodeJS.ProcessEnv = {}): ClusterInstance => {
      const logPath = join(dir, `instance-${n}.log`);
      let child: ChildProcess | null = null;
      let exited: Promise<number | null> = Promise.resolve(null);
      let seed = n === 1;
      const instance: ClusterInstance = {
        n,
        port,
        url: `http://127.0.0.1:${port}`,
        logPath,
        get running() {
          return child !== null;
        },
        get pid() {
          return child?.pid;
        },
        async start() {
          if (child) throw new Error(`instance ${n} is running`);
          const out = openSync(logPath, 'a');
          const env = {
            ...baseEnv,
            PORT: String(port),
            DATA_DIR: join(dir, `data-${n}`),
            SEED_DEMO: seed ? '1' : '0',
            ...extraEnv,
          };
          const started = spawn(process.execPath, [...serverNodeFlags, 'apps/server/src/server.ts'], {
            cwd: repoRoot,
            env,
            stdio: ['ignore', out, out],
          });
          closeSync(out);
          child = started;
          children.add(started);
          let code: number | null | undefined;
          exited = new Promise((resolve) =>
            started.once('exit', (c, signal) => {
              code = c ?? (signal ? null : c);
              children.delete(started);
              if (child === started) child = null;
              resolve(c);
            }),
          );
          const deadline = Date.now() + 120_000;
          while ((await statusOf(`${instance.url}/api/ready`)) !== 200) {
            if (code !== undefined)
              throw new Error(`instance ${n} exited (code ${code}) before it was ready: see ${logPath}`);
            if (Date.now() > deadline)
              throw new Error(`instance ${n} not ready within 120 s: see ${logPath}`);
            await pause(100);
          }
          seed = false;
        },
        async stop() {
          const current = child;
          if (!current) return { code: null, ms: 0 };
          const at = performance.now();
          current.kill('SIGTERM');
          const timer = setTimeout(() => current.kill('SIGKILL'), 30_000);
          const code = await exited;
          clearTimeout(timer);
          return { code, ms: performance.now() - at };
        },
        async kill() {
          const current = child;
          if (!current) return;
          current.kill('SIGKILL');
          await exited;
        },
      };
      return instance;
    };
    const instances = ports.map((port, i) => makeInstance(i + 1, port));
    const extras: ClusterInstance[] = [];

    // The first creates the tables and the demo data; the others start on them together.
    await instances[0]!.start();
    await Promise.all(instances.slice(1).map((instance) => instance.start()));
    log(`${count} instances: ${ports.map((p) => `127.0.0.1:${p}`).join(', ')}`);

    const nginxDir = join(dir, 'nginx');
    for (const sub of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) {
      mkdirSync(join(nginxDir, sub), { recursive: true });
    }
    const confPath = join(nginxDir, 'nginx.conf');
    const down = new Set<number>();
    const writeConfig = () => {
      writeFileSync(
        confPath,
        localNginxConfig({
          dir: nginxDir,
          port: nginxPort,
          instances: ports,
          down: [...down],
          webRoot: webDist,
          tls,
        }),
      );
      execFileSync(
        nginxBin,
        ['-t', '-q', '-p', nginxDir, '-e', join(nginxDir, 'error.log'), '-c', confPath],
        {
          stdio: 'inherit',
        },
      );
    };
    writeConfig();
    nginx = spawn(nginxBin, ['-p', nginxDir, '-e', join(nginxDir, 'error.log'), '-c', confPath], {
      stdio: 'ignore',
    });
    const nginxExited = new Promise<void>((resolve) => nginx!.once('exit', () => resolve()));
    const deadline = Date.now() + 20_000;
    // The health probe answers from memory, so this is nginx's readiness alone (https: Node would refuse the
    // self-signed certificate; the instances answered already).
    const probe = tls ? `http://127.0.0.1:${ports[0]}/api/health` : `${url}/api/health`;
    while ((await statusOf(probe)) !== 200 || (tls && !(await listening(nginxPort)))) {
      if (Date.now() > deadline)
        throw new Error(`nginx did not answer within 20 s: see ${join(nginxDir, 'error.log')}`);
      await pause(100);
    }
    log(`nginx on ${url}`);

    /** nginx's worker processes (the master's children). */
    const workers = (): number[] => {
      const pid = nginx?.pid;
      if (!pid) return [];
      try {
        return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
          .split(/\s+/)
          .filter(Boolean)
          .map(Number);
      } catch {
        return [];
      }
    };
    const instanceNumbered = (n: number) => {
      const instance = instances[n - 1];
      if (!instance) throw new Error(`no instance ${n}`);
      return instance;
    };
    const setDown = async (n: number, isDown: boolean) => {
      const { port } = instanceNumbered(n);
      if (isDown) down.add(port);
      else down.delete(port);
      writeConfig();
      const before = new Set(workers());
      // `nginx -s reload`: the master reads the file, starts new workers and tells the old ones to finish.
      nginx!.kill('SIGHUP');
      const deadline = Date.now() + 15_000;
      while (!workers().some((pid) => !before.has(pid))) {
        if (Date.now() > deadline)
          throw new Error(`nginx did not reload within 15 s: see ${join(nginxDir, 'error.log')}`);
        await pause(20);
      }
    };
    /** Calls instance `n` has in flight or waiting, and has answered (its /metrics; event streams aside). */
    const callsOf = async (n: number) => {
      const res = await fetch(`${instanceNumbered(n).url}/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
        signal: AbortSignal.timeout(2000),
      });
      const text = await res.text();
      let busy = 0;
      let answered = 0;
      for (const line of text.split('\n')) {
        if (/^crm_api_calls_(in_flight|queued) /.test(line)) busy += Number(line.split(' ')[1]);
        else if (/^http_request_duration_seconds_count\{/.test(line) && !line.includes('route="/metrics"'))
          answered += Number(line.split(' ')[1]);
      }
      return { busy, answered };
    };
    const waitQuiet = async (n: number, { quietMs = 500, timeoutMs = 10_000 } = {}) => {
      const started = performance.now();
      let last = await callsOf(n);
      let since = performance.now();
      for (;;) {
        await pause(100);
        const current = await callsOf(n);
        if (current.busy > 0 || current.answered !== last.answered) since = performance.now();
        last = current;
        if (performance.now() - since >= quietMs) return { ms: performance.now() - started, quiet: true };
        if (performance.now() - started > timeoutMs) return { ms: performance.now() - started, quiet: false };
      }
    };

    let stopped = false;
    return {
      url,
      instances,
      postgres,
      metricsToken,
      dir,
      nginxLogDir: nginxDir,
      webRoot: webDist,
      setDown,
      waitQuiet,
      async rollingRestart({ log: say = () => {} } = {}) {
        const phases: RestartPhase[] = [];
        for (const instance of instances) {
          // Never take one out while another is not serving.
          for (const other of instances) {
            if (other !== instance && (await statusOf(`${other.url}/api/ready`)) !== 200)
              throw new Error(
                `rolling restart: instance ${other.n} is not ready; instance ${instance.n} left running`,
              );
          }
          const markedDown = performance.now();
          await setDown(instance.n, true);
          const quiet = await waitQuiet(instance.n);
          const signalled = performance.now();
          const { code } = await instance.stop();
          const exited = performance.now();
          await instance.start();
          const ready = performance.now();
          await setDown(instance.n, false);
          const phase = {
            n: instance.n,
            markedDown,
            quiet,
            signalled,
            exited,
            code,
            ready,
            markedUp: performance.now(),
          };
          phases.push(phase);
          say(
            `instance ${instance.n}: quiet ${Math.round(quiet.ms)} ms after marked down${quiet.quiet ? '' : ' (NOT quiet: timed out)'}, ` +
              `exit ${code} ${Math.round(exited - signalled)} ms after SIGTERM, ready ${Math.round(ready - exited)} ms after`,
          );
        }
        return phases;
      },
      async extraInstance(env = {}) {
        const instance = makeInstance(count + extras.length + 1, await freePort(), {
          ...env,
          SEED_DEMO: '0',
        });
        extras.push(instance);
        await instance.start();
        return instance;
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        nginx?.kill('SIGTERM');
        await nginxExited;
        nginx = null;
        await Promise.all([...instances, ...extras].map((instance) => instance.stop()));
        await postgres!.stop('immediate').catch(() => {});
        process.removeListener('exit', destroy);
        destroy();
      },
    };
  } catch (error) {
    process.removeListener('exit', destroy);
    destroy();
    throw error;
  }
}

/** Whether something accepts connections on the port (127.0.0.1). */
async function listening(port: number): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
