// Shared setup of the durability tests (not a test file itself): the real server process on a copy of the
// seeded test database, a signed-in administrator, order bodies, and the server's pid for kill -9.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { freePort, startProductServer } from '../../../../bench/support/processes';
import {
  carwashIds,
  expectedPrice,
  orderBody,
  stationIdByCarwash,
  tariffByCode,
} from '../modules/orders/orders.test-support';
import { createSession, SESSION_COOKIE } from '../plugins/auth';
import { copyPostgresTemplate, type TestApp } from '../test/test-app';
import { openDatabase } from './client';
import { users } from './schema';

export type ServerDatabase = { dataDir: string } | { databaseUrl: string };

export interface Prepared {
  database: ServerDatabase;
  headers: Record<string, string>;
  stationId: string;
  /** The n-th order: its own 30-minute slot, 10:00–20:00 at «Мойка на Ленина», from 10 March 2031. */
  body(n: number): object;
  remove(): Promise<void>;
}

/**
 * A copy of the run's migrated, seeded database where a server process can open it: a DATA_DIR for PGlite,
 * or a new database in the TEST_DATABASE_URL cluster. Signs in the demo administrator by inserting a
 * session, as test-app.ts does.
 */
export async function prepareServerDatabase(): Promise<Prepared> {
  const pgTemplate = inject('postgresTemplate');
  let database: ServerDatabase;
  let remove: () => Promise<void>;
  if (pgTemplate) {
    database = { databaseUrl: await copyPostgresTemplate(pgTemplate) };
    remove = async () => {}; // global-setup drops this run's databases
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'crm-durability-'));
    database = { dataDir: join(dir, 'data') };
    remove = async () => rmSync(dir, { recursive: true, force: true });
  }
  const handle = await openDatabase({
    ...database,
    loadDataDir: 'dataDir' in database ? new Blob([readFileSync(inject('pgliteTemplate'))]) : undefined,
    poolSize: 2,
  });
  try {
    // The order fixtures only read `db`.
    const t = { db: handle.db } as TestApp;
    const stationId = await stationIdByCarwash(t, carwashIds.lenina);
    const tariff = await tariffByCode(t, stationId, 'express');
    const price = await expectedPrice(t, stationId, tariff.id, 'Compact');
    const [user] = await handle.db.select().from(users).where(eq(users.login, 'administrator'));
    const { token } = await createSession(handle.db, user!.id);
    return {
      database,
      stationId,
      headers: {
        cookie: `${SESSION_COOKIE}=${token}`,
        'x-user-id': user!.id,
        'content-type': 'application/json',
      },
      body: (n) => {
        const day = Math.floor(n / 20);
        const start = Date.UTC(2031, 2, 10 + day, 7, (n % 20) * 30);
        return orderBody(tariff.id, price.totalAmount, { start: new Date(start).toISOString() });
      },
      remove,
    };
  } finally {
    await handle.close();
  }
}

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
  /** kill -9, and wait until the process is gone. */
  kill(): Promise<void>;
}

/** The product server (`apps/server/src/server.ts`, as `npm start` runs it) on the prepared database. */
export async function startServerProcess(database: ServerDatabase): Promise<ServerProcess> {
  const port = await freePort();
  const child = await startProductServer(port, database, 'warn');
  const pid = childListeningOn(port);
  return {
    baseUrl: child.baseUrl,
    pid,
    stop: () => child.stop(),
    async kill() {
      process.kill(pid, 'SIGKILL');
      // A killed child stays a zombie until Node reaps it; then signal 0 fails.
      while (isRunning(pid)) await new Promise((r) => setTimeout(r, 20));
      await child.stop(); // only removes its log now
    },
  };
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid of our child process started with PORT=<port> (the spawn helper does not expose it). */
function childListeningOn(port: number): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      const env = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (env.includes(`PORT=${port}`)) return Number(entry);
    } catch {
      // the process went away while we looked
    }
  }
  throw new Error(`no child process of ${process.pid} with PORT=${port}`);
}

/** `POST /api/create_order/{station}`: the new order's id on 200, else undefined (and why). */
export async function createOrder(
  server: { baseUrl: string },
  prepared: Prepared,
  n: number,
): Promise<{ id?: string; status: number | 'error' }> {
  try {
    const res = await fetch(`${server.baseUrl}/api/create_order/${prepared.stationId}`, {
      method: 'POST',
      headers: prepared.headers,
      body: JSON.stringify(prepared.body(n)),
    });
    if (res.status !== 200) return { status: res.status };
    const { order } = (await res.json()) as { order: { id: string } };
    return { id: order.id, status: 200 };
  } catch {
    return { status: 'error' };
  }
}
