/**
 * A throw-away PostgreSQL cluster for a benchmark run, made the way CI makes one (`.ci/run`): Debian's
 * server binaries from /usr/lib/postgresql/<major>/bin, run as the `postgres` user when we are root,
 * trust on loopback only, removed again by `stop()`.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';

export interface PgCluster {
  url: string;
  version: string;
  stop(): void;
}

/** Debian's newest PostgreSQL server binaries (`initdb`, `pg_ctl`), as `.ci/run` finds them. */
export function findPgBin(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter(
          (d) => existsSync(join(root, d, 'bin', 'initdb')) && existsSync(join(root, d, 'bin', 'pg_ctl')),
        )
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const major = majors.at(-1);
  if (!major) {
    throw new Error(
      "No PostgreSQL server binaries in /usr/lib/postgresql/*/bin. Install Debian's `postgresql` " +
        '(apt-get install -y postgresql), or give a benchmark BENCH_DATABASE_URL.',
    );
  }
  return join(root, major, 'bin');
}

function postgresIds(): { uid: number; gid: number } {
  const line = execFileSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' }).trim();
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export function startPgCluster(port: number, extraOptions = ''): PgCluster {
  const bin = findPgBin();
  const asRoot = userInfo().uid === 0;
  // initdb refuses to run as root: hand the directory to the postgres user and run as them.
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { encoding: 'utf8' })
      : execFileSync(join(bin, cmd), args, { encoding: 'utf8' });
  const dir = mkdtempSync('/tmp/crm-bench-pg-');
  chmodSync(dir, 0o755);
  if (asRoot) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  let started = false;
  const stop = () => {
    if (started) {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // already gone
      }
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    const options = [
      '-c listen_addresses=127.0.0.1',
      `-p ${port}`,
      `-c unix_socket_directories=${dir}`,
      '-c max_connections=200',
      '-c shared_buffers=256MB',
      extraOptions,
    ].join(' ');
    run('pg_ctl', ['-D', data, '-l', join(dir, 'postgres.log'), '-w', '-t', '60', '-o', options, 'start']);
    started = true;
    const version = run('postgres', ['--version']).trim();
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, version, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
