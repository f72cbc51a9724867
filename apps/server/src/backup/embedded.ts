// Backups of the embedded database (PGlite), the server's side. Its data directory cannot be opened by a
// second process while the server runs, and a copy of the files taken from outside could catch a write half
// done. So the running server takes the copy itself — its PGlite worker dumps the data directory between two
// transactions, after a checkpoint (db/pglite-worker.ts) — when `npm run backup` asks through
// DATA_DIR/backup.sock (data-dir.ts), and once a day by itself.
import { chmod, unlink } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { migrationState, openDatabase, type DatabaseHandle } from '../db/client';
import type { PgliteWorkerClient } from '../db/pglite-worker-client';
import { listBackups, pruneBackups, writeBackup, type BackupTrigger, type Manifest } from './backup-files';
import { backupStatus } from './backup-status';
import { SOCKET } from './data-dir';

const gzipAsync = promisify(gzip);

/** Linux's limit on a Unix socket's path (sun_path), less the final NUL. */
const MAX_SOCKET_PATH = 107;

/**
 * A Unix socket at `path` only its owner may connect to (connecting needs write permission on it): made
 * under a umask that leaves the group and others nothing — bind() creates it within listen()'s own turn —
 * and chmod-ed to 0600 besides. A socket left there (the lock is ours: a dead server's) is replaced.
 */
async function listenOwnerOnly(path: string, onConnection: (socket: Socket) => void): Promise<Server> {
  await unlink(path).catch(() => {});
  const server = createServer(onConnection);
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    const umask = process.umask(0o177);
    try {
      server.listen(path, () => ready());
    } finally {
      process.umask(umask);
    }
  });
  await chmod(path, 0o600);
  return server;
}

/** Takes a consistent copy of an open embedded database and writes it as a backup in `backupDir`. */
export async function backupOpenDatabase(
  handle: DatabaseHandle,
  backupDir: string,
  trigger: BackupTrigger,
  method: Manifest['method'],
): Promise<string> {
  const client = (handle.db as unknown as { $client: PgliteWorkerClient }).$client;
  const at = new Date();
  const started = performance.now();
  const migrations = await migrationState(handle);
  const dumped = performance.now();
  const tar = await client.backupDataDir();
  const heldMs = Math.round(performance.now() - dumped);
  // Compressed on libuv's threads, not the database's: the demo's 72 MB tar (half of it WAL, mostly zeros)
  // becomes ≈ 14 MB in ≈ 1.3 s of one core (level 6: 12 MB in twice the time).
  const data = await gzipAsync(tar, { level: 1 });
  return writeBackup(
    backupDir,
    'pglite',
    trigger,
    data,
    {
      createdAt: at.toISOString(),
      durationMs: Math.round(performance.now() - started),
      method,
      copyMs: heldMs,
      migrations: { applied: migrations.applied, known: migrations.known },
    },
    at,
  );
}

export interface BackupServiceOptions {
  handle: DatabaseHandle;
  dataDir: string;
  backupDir: string;
  /** Daily backups kept this many days; 0: none (the socket still answers `npm run backup`). */
  retentionDays: number;
  log: FastifyBaseLogger;
  /** The first daily backup this long after start (default 5 minutes: not in the start's own work). */
  firstDelayMs?: number;
  intervalMs?: number;
}

export interface BackupService {
  /** A daily backup now (and the pruning after it); the path, or null when it failed (logged). */
  runDaily(): Promise<string | null>;
  close(): Promise<void>;
}

/**
 * The running embedded server's side: answers `npm run backup` on DATA_DIR/backup.sock and takes the daily
 * backups. A failure is logged, never thrown: the server goes on serving whatever happens to its backups.
 */
export async function startBackupService(options: BackupServiceOptions): Promise<BackupService> {
  const { handle, log, retentionDays } = options;
  const dataDir = resolve(options.dataDir);
  // One copy at a time: a daily one and a requested one would each hold the whole database in memory.
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => {});
    return run;
  };
  let closed = false;

  // What the metrics report survives a restart: the newest backup already in BACKUP_DIR.
  const newest = (await listBackups(options.backupDir).catch(() => [])).at(-1);
  if (newest) backupStatus.recordSuccess(newest.createdAt);

  const socketPath = join(dataDir, SOCKET);
  let server: Server | null = null;
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    log.warn(
      `backups: DATA_DIR's path is too long for ${SOCKET} (${Buffer.byteLength(socketPath)} > ` +
        `${MAX_SOCKET_PATH} bytes): \`npm run backup\` cannot reach this server; the daily backups still run`,
    );
  } else {
    try {
      server = await listenOwnerOnly(socketPath, (socket) => answer(socket));
      server.on('error', (error) => log.error({ err: error }, 'backups: the backup socket failed'));
    } catch (error) {
      // The daily backups do not need the socket: they go on.
      log.error(
        { err: error },
        `backups: cannot listen on ${socketPath}; \`npm run backup\` cannot reach this server`,
      );
    }
  }

  function answer(socket: Socket) {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      input += chunk;
      if (input.length > 64 * 1024) return void socket.destroy();
      const end = input.indexOf('\n');
      if (end < 0) return;
      socket.removeAllListeners('data');
      const reply = (message: object) => socket.end(`${JSON.stringify(message)}\n`);
      let request: { op?: unknown; dir?: unknown };
      try {
        request = JSON.parse(input.slice(0, end)) as typeof request;
      } catch {
        return reply({ ok: false, error: 'not a JSON request' });
      }
      if (request.op !== 'backup' || typeof request.dir !== 'string' || !request.dir) {
        return reply({ ok: false, error: 'expected {"op":"backup","dir":"…"}' });
      }
      if (closed) return reply({ ok: false, error: 'the server is stopping' });
      const dir = request.dir;
      serialized(() => backupOpenDatabase(handle, dir, 'manual', 'online-server')).then(
        (path) => {
          backupStatus.recordSuccess(new Date());
          log.info({ path }, 'backups: backup taken for `npm run backup`');
          reply({ ok: true, path });
        },
        (error: unknown) => {
          log.error({ err: error }, 'backups: the backup asked for by `npm run backup` failed');
          reply({ ok: false, error: (error as Error).message });
        },
      );
    });
  }

  async function runDaily(): Promise<string | null> {
    return serialized(async () => {
      if (closed) return null;
      try {
        const path = await backupOpenDatabase(handle, options.backupDir, 'daily', 'online-server');
        backupStatus.recordSuccess(new Date());
        const removed = await pruneBackups(options.backupDir, retentionDays);
        log.info({ path, removed: removed.length }, 'backups: daily backup taken');
        return path;
      } catch (error) {
        backupStatus.recordFailure();
        log.error({ err: error }, 'backups: the daily backup failed');
        return null;
      }
    });
  }

  let timer: NodeJS.Timeout | undefined;
  if (retentionDays > 0) {
    const interval = options.intervalMs ?? 86_400_000;
    const tick = () => {
      void runDaily().finally(() => {
        if (!closed) timer = setTimeout(tick, interval).unref();
      });
    };
    timer = setTimeout(tick, options.firstDelayMs ?? 5 * 60_000).unref();
  }

  return {
    runDaily,
    async close() {
      closed = true;
      clearTimeout(timer);
      if (server) await new Promise<void>((done) => server!.close(() => done()));
      // A copy under way finishes before the database closes under it.
      await queue;
    },
  };
}

/** A backup of a DATA_DIR no server holds: opened here (its lock held meanwhile), copied, closed. */
export async function backupStoppedDataDir(dataDir: string, backupDir: string): Promise<string> {
  const handle = await openDatabase({ dataDir });
  try {
    return await backupOpenDatabase(handle, backupDir, 'manual', 'offline-data-dir');
  } finally {
    await handle.close();
  }
}
