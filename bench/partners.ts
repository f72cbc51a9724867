/**
 * `npm run bench:partners` (not a test; not in CI): the partner API's intake and callbacks (issue 36).
 *
 * 1. A throw-away PostgreSQL cluster (bench/support/pg-cluster.ts; or a fresh database in
 *    BENCH_DATABASE_URL) with the demo data and «Бенч-сеть» (50 stations × 4 boxes, its tariffs copied from
 *    «Мойка на Ленина», the provider ones with them); BENCH_PARTNERS (50) partners are registered, partner i
 *    connected to bench station i (its own rate-limit bucket of 600 a minute, so none is throttled).
 * 2. Intake: the product server (as `npm start`, a child process) and BENCH_PARTNERS partners at once, each
 *    posting BENCH_BOOKINGS (20) signed `POST /api/partner/v1/bookings` one after another (closed loop),
 *    each at a distinct future time (3 h apart, so every booking finds box 1 free); p50/p99 per request
 *    and bookings/s over the run. A warm-up of one booking per partner is not counted.
 * 3. The raw baseline in the same run (bench/partners-baseline.ts): `node:http` + `pg` replaying the SQL
 *    the product sent for one booking (recorded in this process through the same app), swapped per
 *    request, same load shape; no framework, no JSON schema, no HMAC. Ratios product / baseline.
 * 4. Callbacks: partner 0's callback URL points at a receiver here; BENCH_CALLBACKS (100) times one after
 *    another: a partner booking, then «Принять» through the staff API (`POST /api/order_booked/{id}`);
 *    latency = the signed callback's arrival − the moment the accept call answered (its commit). Baseline:
 *    a signed POST from here to the same receiver.
 *
 * Environment: BENCH_DATABASE_URL, BENCH_PARTNERS (50), BENCH_BOOKINGS (20), BENCH_CALLBACKS (100),
 * BENCH_LOG_LEVEL (warn).
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { buildApp } from '../apps/server/src/app';
import { createAdapters } from '../apps/server/src/adapters';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/modules/demo/demo';
import { createSession, SESSION_COOKIE } from '../apps/server/src/plugins/auth';
import { startCallbackReceiver } from '../apps/server/src/partner-simulator/receiver';
import type { BaselineBooking, PartnerRecordings, PartnerTarget } from './partners-baseline';
import { cleanUp, cleanups, envNumber, log, postgresDatabase, startRawBaseline } from './support/bench-run';
import { freePort, startProductServer } from './support/processes';
import { percentile } from './support/screens';
import { seedBenchNetwork } from './support/seed-network';
import { recordSql } from './support/sql-recorder';

const settings = {
  partners: envNumber('BENCH_PARTNERS', 50),
  bookings: envNumber('BENCH_BOOKINGS', 20),
  callbacks: envNumber('BENCH_CALLBACKS', 100),
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
};
const now = () => performance.timeOrigin + performance.now();
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface Partner extends PartnerTarget {
  secret: string;
}

/** Bookings 3 h apart from 30 days ahead: `slot` n of a partner never meets another booking of its box. */
const day0 = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 30);
const startAt = (slot: number) => new Date(day0 + slot * 3 * 3600_000).toISOString();

function bookingBody(p: Partner, partnerOrderId: string, start: string) {
  return {
    partner_order_id: partnerOrderId,
    partner_station_id: p.partnerStationId,
    tariff_id: p.tariffId,
    car: { brand: 'Kia', model: 'Rio', plate_number: 'А123ВС77', category: 'Compact' },
    booking_start: start,
    client: { redirection_phone: '+74950000000', ext: '123' },
    paid: false,
  };
}

function signed(p: Partner, body: string, webhookId = `msg_${randomBytes(12).toString('hex')}`) {
  const at = new Date(Math.floor(Date.now() / 1000) * 1000);
  return {
    'content-type': 'application/json',
    'x-partner-id': p.partnerId,
    'webhook-id': webhookId,
    'webhook-timestamp': String(at.getTime() / 1000),
    'webhook-signature': new Webhook(p.secret).sign(webhookId, at, body),
  };
}

interface LoadResult {
  ok: number;
  failed: number;
  codes: Record<string, number>;
  p50: number;
  p99: number;
  perSecond: number;
}

/** `partners` closed loops of `count` requests; `send(partner, n)` answers the status. */
async function load(
  count: number,
  send: (partner: number, n: number) => Promise<number>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const codes: Record<string, number> = {};
  let ok = 0;
  const started = now();
  await Promise.all(
    Array.from({ length: settings.partners }, async (_, partner) => {
      for (let n = 0; n < count; n++) {
        const t = now();
        const status = await send(partner, n).catch(() => 0);
        latencies.push(now() - t);
        codes[status] = (codes[status] ?? 0) + 1;
        if (status === 201) ok++;
      }
    }),
  );
  const seconds = (now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    ok,
    failed: latencies.length - ok,
    codes,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: ok / seconds,
  };
}

try {
  const { url, version } = await postgresDatabase('crm_bench_partners');
  log(`PostgreSQL: ${version}`);
  const handle = await openDatabase({ databaseUrl: url });
  cleanups.push(() => handle.close());
  await handle.migrate();
  await seedDemo(handle.db);
  const network = await seedBenchNetwork(handle.db, {
    stations: settings.partners,
    boxes: 4,
    days: 2,
    futureDays: 1,
  });
  const partners: Partner[] = [];
  for (let i = 0; i < settings.partners; i++) {
    const stationId = network.stationIds[i]!;
    const [tariff] = rows<{ id: string }>(
      await handle.db.execute(sql`select id::text from tariffs where station_id = ${stationId}
        and kind = 'yandex' and active and price_active and deleted_at is null
        and price_by_class ? 'Compact' order by created_at limit 1`),
    );
    if (!tariff) throw new Error(`bench station ${i} has no provider tariff`);
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const [partner] = rows<{ id: string }>(
      await handle.db.execute(sql`insert into partners (name, source, callback_url, secret)
        values (${`Бенч-партнёр ${i}`}, 'Yandex', 'http://127.0.0.1:9/bench', ${secret}) returning id::text`),
    );
    const partnerStationId = `ps-${String(i).padStart(4, '0')}`;
    await handle.db
      .execute(sql`insert into station_partners (station_id, partner_id, partner_station_id, enabled)
      values (${stationId}, ${partner!.id}, ${partnerStationId}, true)`);
    partners.push({ partnerId: partner!.id, stationId, tariffId: tariff.id, partnerStationId, secret });
  }
  log(`seeded: ${network.orders} orders, ${partners.length} partners on ${partners.length} stations`);

  // The SQL of one intake, recorded through the same app in this process (partner 0, slot 0 of 9999).
  const config = loadConfig({ SEED_DEMO: '0', MAX_EVENT_LOOP_DELAY_MS: '0', OUTBOX_WORKER: '0' });
  const app = await buildApp({ db: handle.db, database: handle, config, adapters: createAdapters(config) });
  await app.ready();
  const p0 = partners[0]!;
  const recordedId = `rec-${process.pid}`;
  const recordedStart = startAt(9999);
  const recordedBody = JSON.stringify(bookingBody(p0, recordedId, recordedStart));
  const recordedHeaders = signed(p0, recordedBody);
  let recordedStatus = 0;
  const statements = await recordSql(async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/partner/v1/bookings',
      headers: recordedHeaders,
      payload: recordedBody,
    });
    recordedStatus = res.statusCode;
  });
  await app.close();
  if (recordedStatus !== 201) throw new Error(`the recorded booking answered ${recordedStatus}`);
  const [rec] = rows<{ order_id: string; booking_end: string }>(
    await handle.db.execute(sql`select b.order_id::text, o.booking_end from partner_bookings b
      join orders o on o.id = b.order_id where b.partner_order_id = ${recordedId}`),
  );
  const duration = Date.parse(new Date(rec!.booking_end).toISOString()) - Date.parse(recordedStart);
  log(`recorded one intake: ${statements.length} statements`);
  const recordings: PartnerRecordings = {
    statements,
    recorded: {
      ...p0,
      partnerOrderId: recordedId,
      webhookId: recordedHeaders['webhook-id'],
      start: recordedStart,
      end: new Date(Date.parse(recordedStart) + duration).toISOString(),
      orderId: rec!.order_id,
    },
    partners: partners.map(({ partnerId, stationId, tariffId, partnerStationId }) => ({
      partnerId,
      stationId,
      tariffId,
      partnerStationId,
    })),
  };

  // Product: the server as `npm start` runs it.
  const port = await freePort();
  const server = await startProductServer(port, { databaseUrl: url }, settings.logLevel);
  cleanups.push(() => server.stop());
  const base = `http://127.0.0.1:${port}`;
  const book = async (partner: number, id: string, slot: number) => {
    const p = partners[partner]!;
    const body = JSON.stringify(bookingBody(p, id, startAt(slot)));
    const res = await fetch(`${base}/api/partner/v1/bookings`, {
      method: 'POST',
      headers: signed(p, body),
      body,
    });
    await res.arrayBuffer();
    return res.status;
  };
  const run = `r${process.pid}`;
  await load(1, (partner) => book(partner, `${run}-warm-${partner}`, 0));
  log('product: warm');
  const product = await load(settings.bookings, (partner, n) =>
    book(partner, `${run}-p-${partner}-${n}`, 1 + n),
  );
  log(`product: ${product.ok} bookings, p50 ${product.p50.toFixed(1)} ms, p99 ${product.p99.toFixed(1)} ms`);

  // Baseline: the same statements through node:http + pg.
  const { port: rawPort } = await startRawBaseline('bench/partners-baseline.ts', url, recordings);
  const rawBook = async (partner: number, id: string, slot: number) => {
    const p = partners[partner]!;
    const start = startAt(slot);
    const baseline: BaselineBooking = {
      partner,
      partnerOrderId: id,
      webhookId: `msg_${randomBytes(12).toString('hex')}`,
      start,
      end: new Date(Date.parse(start) + duration).toISOString(),
    };
    const res = await fetch(`http://127.0.0.1:${rawPort}/book`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...bookingBody(p, id, start), baseline }),
    });
    await res.arrayBuffer();
    return res.status;
  };
  await load(1, (partner) => rawBook(partner, `${run}-rwarm-${partner}`, 100));
  const raw = await load(settings.bookings, (partner, n) =>
    rawBook(partner, `${run}-r-${partner}-${n}`, 101 + n),
  );
  // The replay really made the orders: each claimed id points at its own order, with its order event.
  const [written] = rows<{ n: number }>(
    await handle.db.execute(sql`select count(*)::int as n from partner_bookings b
      join orders o on o.id = b.order_id and o.extended_id = b.partner_order_id
      where b.partner_order_id like ${`${run}-r-%`}
        and exists (select 1 from order_events e where e.order_id = o.id)`),
  );
  log(
    `baseline: ${raw.ok} bookings (${written!.n} orders checked in the database), ` +
      `p50 ${raw.p50.toFixed(1)} ms, p99 ${raw.p99.toFixed(1)} ms`,
  );

  // Callbacks: partner 0 → a receiver here; «Принять» by the bench owner.
  const arrived = new Map<string, number>();
  const receiver = await startCallbackReceiver({
    secrets: [p0.secret],
    onCallback: (c) => {
      const id = c.body?.data.partner_order_id;
      if (c.valid && id && !arrived.has(id)) arrived.set(id, c.receivedAt);
    },
  });
  cleanups.push(() => receiver.close());
  await handle.db.execute(sql`update partners set callback_url = ${receiver.url} where id = ${p0.partnerId}`);
  const { token } = await createSession(handle.db, network.userId);
  const staff = { cookie: `${SESSION_COOKIE}=${token}`, 'x-user-id': network.userId };
  const acceptedAt = new Map<string, number>();
  for (let n = 0; n < settings.callbacks; n++) {
    const id = `${run}-cb-${n}`;
    const status = await book(0, id, 200 + n);
    if (status !== 201) throw new Error(`callback booking ${n}: ${status}`);
    const [order] = rows<{ id: string }>(
      await handle.db.execute(sql`select order_id::text as id from partner_bookings
        where partner_id = ${p0.partnerId} and partner_order_id = ${id}`),
    );
    const res = await fetch(`${base}/api/order_booked/${order!.id}`, { method: 'POST', headers: staff });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`accept ${n}: ${res.status}`);
    acceptedAt.set(id, now());
  }
  const deadline = now() + 30_000;
  while (arrived.size < acceptedAt.size && now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const callbackLatencies = [...acceptedAt]
    .flatMap(([id, at]) => (arrived.has(id) ? [arrived.get(id)! - at] : []))
    .sort((a, b) => a - b);
  // Baseline: a signed POST from here to the same receiver (the least a delivery costs).
  const direct: number[] = [];
  for (let n = 0; n < 100; n++) {
    const body = JSON.stringify({ type: 'booking.accepted', data: { partner_order_id: `direct-${n}` } });
    const t = now();
    const res = await fetch(receiver.url, { method: 'POST', headers: signed(p0, body), body });
    await res.arrayBuffer();
    direct.push(now() - t);
  }
  direct.sort((a, b) => a - b);

  const ms = (v: number) => v.toFixed(1).padStart(9);
  const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`.padStart(9);
  console.log(
    `\npartner intake: ${settings.partners} partners at once (one per station, own secret and rate-limit bucket), ` +
      `${settings.bookings} signed bookings each, closed loop`,
  );
  console.log(
    `${''.padEnd(26)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'book/s'.padStart(9)}  answers`,
  );
  for (const [name, r] of [
    ['product (Fastify, signed)', product],
    ['raw baseline (pg+http)', raw],
  ] as const) {
    console.log(
      `${name.padEnd(26)}${ms(r.p50)}${ms(r.p99)}${r.perSecond.toFixed(0).padStart(9)}  ${JSON.stringify(r.codes)}`,
    );
  }
  console.log(
    `${'product / baseline'.padEnd(26)}${ratio(product.p50, raw.p50)}${ratio(product.p99, raw.p99)}` +
      `${`${(raw.perSecond / product.perSecond).toFixed(1)}×↓`.padStart(9)}`,
  );
  console.log(
    `\ncallbacks: «Принять» answered → signed callback received, ${settings.callbacks} orders one after another`,
  );
  const cp50 = percentile(callbackLatencies, 50);
  const cp99 = percentile(callbackLatencies, 99);
  console.log(
    `received ${callbackLatencies.length}/${acceptedAt.size}: p50 ${cp50.toFixed(1)} ms, p99 ${cp99.toFixed(1)} ms, ` +
      `max ${(callbackLatencies.at(-1) ?? NaN).toFixed(1)} ms; baseline (a signed POST to the receiver) ` +
      `p50 ${percentile(direct, 50).toFixed(2)} ms → ${ratio(cp50, percentile(direct, 50)).trim()}`,
  );
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await cleanUp();
}
process.exit(0);
