/**
 * `npm run bench:notify` (not a test): how long after an order is committed its notification is sent.
 *
 * 1. Builds the app on PGlite (a data directory, synced at every commit as the server runs it) and, when
 *    BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on a fresh database in that PostgreSQL; demo data.
 * 2. Starts the notification outbox (apps/server/src/modules/notifications/outbox.ts) with a recording
 *    channel: the owner (the event is on by default) has one target on it; the channel notes when it is
 *    asked to send.
 * 3. The administrator creates BENCH_ORDERS orders (200) one after another through the API; for each,
 *    latency = the channel's send − the moment the create call answered (the commit is acknowledged).
 * 4. Baseline in the same run: one bare `insert … returning` round trip on the same database, the least a
 *    commit-to-send path could cost. Prints p50/p99 and the ratio to the baseline.
 *
 * Environment: BENCH_ORDERS (200), BENCH_DATABASE_URL (or TEST_DATABASE_URL), BENCH_SKIP_PGLITE=1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { createAdapters } from '../apps/server/src/adapters';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { stations, tariffs, users } from '../apps/server/src/db/schema';
import { seedDemo } from '../apps/server/src/modules/demo/demo';
import { createSession, SESSION_COOKIE } from '../apps/server/src/plugins/auth';
import type { ChannelSender } from '../apps/server/src/modules/notifications/channels';
import { createOutbox } from '../apps/server/src/modules/notifications/outbox';
import { loadTariffConfig } from '../apps/server/src/modules/tariffs/tariffs.repository';
import { orderPrice } from '@crm/shared';

const orderCount = Number(process.env.BENCH_ORDERS) > 0 ? Number(process.env.BENCH_ORDERS) : 200;
process.env.MAX_EVENT_LOOP_DELAY_MS = '0';
const now = () => performance.timeOrigin + performance.now();

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Result {
  engine: string;
  p50: number;
  p99: number;
  max: number;
  baselineP50: number;
  sent: number;
}

/** A channel on which only `userId` is reached; it notes when each order's first send happened. */
function recordingChannel(userId: string, sentAt: Map<string, number>): ChannelSender {
  return {
    channel: 'push',
    targets: (_db, userIds) =>
      Promise.resolve(userIds.includes(userId) ? [{ userId, recipient: `bench:${userId}` }] : []),
    send: (_db, _recipient, message) => {
      if (!sentAt.has(message.order.id)) sentAt.set(message.order.id, now());
      return Promise.resolve('sent');
    },
  };
}

async function insertBaseline(handle: DatabaseHandle): Promise<number> {
  await handle.db.execute(sql`create table bench_notify_rtt (id bigserial primary key, at timestamptz)`);
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = now();
    await handle.db.execute(sql`insert into bench_notify_rtt (at) values (now()) returning id`);
    times.push(now() - t);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

async function run(engine: string, handle: DatabaseHandle): Promise<Result> {
  await handle.migrate();
  await seedDemo(handle.db);
  const config = loadConfig({ SEED_DEMO: '0', MAX_EVENT_LOOP_DELAY_MS: '0' });
  const app = await buildApp({ db: handle.db, database: handle, config, adapters: createAdapters(config) });
  await app.ready();
  const [owner] = await handle.db.select().from(users).where(eq(users.login, 'owner'));
  const [admin] = await handle.db.select().from(users).where(eq(users.login, 'administrator'));
  const [station] = await handle.db.select().from(stations).where(eq(stations.carwashId, '100101'));
  const [tariff] = await handle.db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.stationId, station!.id), eq(tariffs.code, 'express'), eq(tariffs.kind, 'own')));
  const { token } = await createSession(handle.db, admin!.id);
  const headers = { cookie: `${SESSION_COOKIE}=${token}`, 'x-user-id': admin!.id };

  const sentAt = new Map<string, number>();
  const outbox = createOutbox({
    db: handle.db,
    database: handle,
    channels: [recordingChannel(owner!.id, sentAt)],
  });
  await outbox.start();
  const ackAt = new Map<string, number>();
  try {
    const total = await priceOf(handle, station!.id, tariff!.id);
    for (let n = 0; n < orderCount; n++) {
      const start = Date.UTC(2031, 4, 1 + Math.floor(n / 20), 7, (n % 20) * 30);
      const res = await app.inject({
        method: 'POST',
        url: `/api/create_order/${station!.id}`,
        headers,
        payload: {
          car: {
            brand: 'Kia',
            model: 'Rio',
            modelId: 'kia-rio',
            class: 'Compact',
            bodyType: 'Седан',
            category: 'Compact',
            plateNumber: 'а123вс77',
          },
          bookingStart: new Date(start).toISOString(),
          bookingEnd: new Date(start + 30 * 60_000).toISOString(),
          paymentMethod: 'not_paid',
          basket: { tariffId: tariff!.id, totalAmount: total, additionalServiceAmounts: {} },
        },
      });
      if (res.statusCode !== 200) throw new Error(`create ${n}: ${res.statusCode} ${res.body}`);
      ackAt.set((res.json() as { order: { id: string } }).order.id, now());
    }
    const deadline = now() + 30_000;
    while (sentAt.size < ackAt.size && now() < deadline) await new Promise((r) => setTimeout(r, 20));
  } finally {
    await outbox.stop();
    await app.close();
  }
  const latencies = [...ackAt].flatMap(([id, at]) => (sentAt.has(id) ? [sentAt.get(id)! - at] : []));
  latencies.sort((a, b) => a - b);
  const baselineP50 = await insertBaseline(handle);
  return {
    engine,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    baselineP50,
    sent: latencies.length,
  };
}

/** What the server will charge for a Compact car: the create call checks the total it is sent. */
async function priceOf(handle: DatabaseHandle, stationId: string, tariffId: string): Promise<number> {
  const config = await loadTariffConfig(handle.db, stationId, tariffId);
  const price = config && orderPrice(config, 'Compact', []);
  if (!price) throw new Error('the express tariff has no Compact price');
  return price.totalAmount;
}

async function postgresDatabase(given: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `crm_bench_notify_${process.pid}`;
  const admin = new pg.Client({ connectionString: given });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(given);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: given });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const results: Result[] = [];
if (process.env.BENCH_SKIP_PGLITE !== '1') {
  const dir = mkdtempSync(join(tmpdir(), 'crm-bench-notify-'));
  const handle = await openDatabase({ dataDir: join(dir, 'data') });
  try {
    results.push(await run('PGlite (data directory)', handle));
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (given) {
  const { url, drop } = await postgresDatabase(given);
  const handle = await openDatabase({ databaseUrl: url });
  try {
    results.push(await run('PostgreSQL', handle));
  } finally {
    await handle.close();
    await drop();
  }
}

console.log(
  `\nnotify latency: order commit acknowledged → channel send, ${orderCount} orders, one at a time`,
);
console.log(
  `${'database'.padEnd(26)}${'sent'.padStart(6)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}` +
    `${'insert rtt'.padStart(12)}${'p50/rtt'.padStart(9)}`,
);
for (const r of results) {
  console.log(
    `${r.engine.padEnd(26)}${String(r.sent).padStart(6)}${r.p50.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}` +
      `${r.max.toFixed(1).padStart(9)}${r.baselineP50.toFixed(2).padStart(12)}${(r.p50 / r.baselineP50).toFixed(1).padStart(9)}×`,
  );
}
const worst = Math.max(...results.map((r) => r.p99));
console.log(`aim: p99 < 2000 ms — ${worst < 2000 ? 'met' : 'NOT met'}`);
console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
process.exit(0);
