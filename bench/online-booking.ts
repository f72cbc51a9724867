/**
 * `npm run bench:online-booking` (not a test; not in CI): the public booking page's availability on a busy
 * week (issue 37, «Bench: … availability p50/p99 for a busy week»).
 *
 * 1. A throw-away PostgreSQL cluster (bench/support/pg-cluster.ts; or a fresh database in
 *    BENCH_DATABASE_URL) with the demo data. «Мойка на Ленина» (`lenina24`: 4 boxes, 08:00–22:00, 30-min
 *    grid) gets online booking on with `days_ahead` 7 (and auto-accept) through the owner's `POST
 *    /api/station/{id}/online-booking`, then a busy week: for each of the next 7 days, drivers book
 *    through the public `POST /api/public/book/lenina24/bookings` (in-process `app.inject`, each booking
 *    its own address and phone; random offered tariff and category, a random free start) until the day's
 *    live orders take BENCH_FILL (75 %) of its box-hours.
 * 2. Product: the server as `npm start` runs it (a child process), TRUST_PROXY=1 — the product's own
 *    setting — so each request's `X-Forwarded-For` is its client: the load spreads over BENCH_IPS (2000)
 *    addresses, round-robin, so none passes the per-IP limit (120 a minute) and every request still pays
 *    its rate-limit upsert. BENCH_CLIENTS (20) closed loops each ask `GET …/availability` for the next day
 *    of the week in turn (one tariff, Compact, no services) for BENCH_DURATION s (10) after BENCH_WARMUP s
 *    (2), BENCH_ROUNDS (2) rounds alternating with the baseline; p50/p99 of every answer, 200s per second.
 * 3. The raw baseline in the same run (bench/online-booking-baseline.ts): `node:http` + `pg` replaying the
 *    SQL the product sent for that day's availability (recorded in this process through the same app),
 *    same load shape; no framework, no validation, no slot computation. Ratios product / baseline. Also
 *    the product's cheapest route, `GET /api/health`, under the same load (the framework's floor).
 * 4. The CPU part: the pure `freeStartTimes` of the busiest day, BENCH_MICRO_RUNS (20000) calls.
 *
 * Environment: BENCH_DATABASE_URL, BENCH_CLIENTS (20), BENCH_DURATION (10), BENCH_WARMUP (2), BENCH_ROUNDS
 * (2), BENCH_IPS (2000), BENCH_FILL (0.75), BENCH_MICRO_RUNS (20000), BENCH_LOG_LEVEL (warn).
 *
 * Measured here on 2026-11-28, 2 cores shared with other work (the 1-min load average during each run; the
 * bench itself adds ≈ 2), defaults. The week: 163 public bookings, 31–38 live orders a day, 75–77 % of the
 * box-time taken and 93–100 % of the 30-min slots with some box taken; 15–18 of the day's 28 starts offered
 * for the measured 25-min Compact wash. Product / raw baseline (p50, p99, req/s of the 200s):
 *   load 2.3–2.9: product 48.9 / 91.8 ms, 396/s; raw 23.0 / 43.3 ms, 837/s → 2.1× / 2.1×, 2.1× fewer/s.
 *   load 4.3–5.1: product 45.2 / 79.2 ms, 429/s; raw 25.0 / 49.0 ms, 764/s → 1.8× / 1.6×, 1.8× fewer/s.
 *   load 11–15, three runs: product 163–250 / 609–964 ms, 67–105/s; raw 64–121 / 223–582 ms, 131–253/s
 *   → 2.0–3.6× / 1.6–4.3×, 2.0–3.6× fewer/s.
 *   GET /api/health under the same load: 3.3–3.5 / 12.9–14.5 ms, 4447–4790/s at load ≤ 5.
 *   freeStartTimes on the busiest day (38 live orders, 4 boxes): 108–109 µs a call (163–237 µs at load 11–15).
 *   One availability's 6 statements alone, one connection: ≈ 1.8–2.1 ms at load ≤ 5, of which the per-IP
 *   rate-limit upsert (a committed write) 0.43–0.46 ms, the most of the six; 2.0–4.9 ms when the host was busy.
 * No 429 or 503 in any run.
 */
import { cpus, loadavg } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { addDays, localInstant, stationClock, type PublicStationCard } from '@crm/shared';
import { buildApp } from '../apps/server/src/app';
import { createAdapters } from '../apps/server/src/adapters';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { stations } from '../apps/server/src/db/schema';
import { seedDemo } from '../apps/server/src/modules/demo/demo';
import { boxNumbersOf } from '../apps/server/src/modules/orders/orders.repository';
import { freeStartTimes } from '../apps/server/src/modules/slots/availability';
import { liveOccupancy } from '../apps/server/src/modules/slots/slots.repository';
import { createSession, SESSION_COOKIE } from '../apps/server/src/plugins/auth';
import type { AvailabilityRecordings } from './online-booking-baseline';
import { cleanUp, cleanups, envNumber, log, postgresDatabase, startRawBaseline } from './support/bench-run';
import { freePort, startProductServer } from './support/processes';
import { percentile } from './support/screens';
import { recordSql } from './support/sql-recorder';

const settings = {
  clients: envNumber('BENCH_CLIENTS', 20),
  duration: envNumber('BENCH_DURATION', 10),
  warmup: envNumber('BENCH_WARMUP', 2),
  rounds: envNumber('BENCH_ROUNDS', 2),
  ips: envNumber('BENCH_IPS', 2000),
  fill: Math.min(0.95, envNumber('BENCH_FILL', 0.75)),
  microRuns: envNumber('BENCH_MICRO_RUNS', 20000),
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
};
const code = 'lenina24';
const days = 7;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const loads = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** A small seeded generator: the same busy week from run to run (given the same «today»). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Client address n of the pool (10.x.y.z), the same pool for the product and the baseline. */
const ipOf = (n: number) => {
  const i = n % settings.ips;
  return `10.${100 + Math.floor(i / 62500)}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
};

interface LoadResult {
  ok: number;
  codes: Record<string, number>;
  latencies: number[];
  seconds: number;
}

/** `clients` closed loops for `seconds`; `send(client, n, ip)` answers the status. */
async function load(seconds: number, send: (client: number, n: number, ip: string) => Promise<number>) {
  const result: LoadResult = { ok: 0, codes: {}, latencies: [], seconds: 0 };
  let next = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: settings.clients }, async (_, client) => {
      for (let n = 0; performance.now() < until; n++) {
        const t = performance.now();
        const status = await send(client, n, ipOf(next++)).catch(() => 0);
        result.latencies.push(performance.now() - t);
        result.codes[status] = (result.codes[status] ?? 0) + 1;
        if (status === 200) result.ok++;
      }
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

function merge(results: LoadResult[]) {
  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const codes: Record<string, number> = {};
  for (const r of results) for (const [k, v] of Object.entries(r.codes)) codes[k] = (codes[k] ?? 0) + v;
  const ok = results.reduce((s, r) => s + r.ok, 0);
  const seconds = results.reduce((s, r) => s + r.seconds, 0);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: ok / seconds,
    codes,
    count: latencies.length,
  };
}

try {
  const { url, version } = await postgresDatabase('crm_bench_online_booking');
  log(`PostgreSQL: ${version}`);
  const handle = await openDatabase({ databaseUrl: url });
  cleanups.push(() => handle.close());
  await handle.migrate();
  await seedDemo(handle.db);

  const [lenina] = rows<{ station_id: string; user_id: string }>(
    await handle.db.execute(sql`select s.station_id::text, m.user_id::text from online_booking_settings s
      join stations st on st.id = s.station_id
      join memberships m on m.network_id = st.network_id and m.position = 'owner'
      where s.code = ${code} limit 1`),
  );
  if (!lenina) throw new Error(`no station with the public code ${code} and an owner`);
  const stationId = lenina.station_id;

  // In-process app (the same code as the server) for the owner's settings, the busy week and the recordings.
  const config = loadConfig({ SEED_DEMO: '0', MAX_EVENT_LOOP_DELAY_MS: '0', OUTBOX_WORKER: '0' });
  const app = await buildApp({ db: handle.db, database: handle, config, adapters: createAdapters(config) });
  await app.ready();
  const { token } = await createSession(handle.db, lenina.user_id);
  const owner = { cookie: `${SESSION_COOKIE}=${token}`, 'x-user-id': lenina.user_id };
  const set = await app.inject({
    method: 'POST',
    url: `/api/station/${stationId}/online-booking`,
    headers: owner,
    payload: { enabled: true, days_ahead: days, autoaccept: true },
  });
  if (set.statusCode !== 200) throw new Error(`settings: ${set.statusCode} ${set.body}`);

  const card = (
    await app.inject({ method: 'GET', url: `/api/public/book/${code}` })
  ).json<PublicStationCard>();
  const offers = card.tariffs.flatMap((t) =>
    Object.entries(t.prices).map(([category, p]) => ({
      tariffId: t.id,
      category,
      minutes: p!.duration_minutes,
    })),
  );
  const measured = card.tariffs.find((t) => t.prices.Compact);
  if (!measured || offers.length === 0) throw new Error('lenina24 offers no tariff priced for Compact');

  const [station] = await handle.db.select().from(stations).where(eq(stations.id, stationId));
  const today = stationClock(station!.timeZone).date;
  const week = Array.from({ length: days }, (_, i) => addDays(today, i + 1));
  const boxNumbers = await boxNumbersOf(handle.db, stationId);
  const dayOccupancy = (date: string) =>
    liveOccupancy(
      handle.db,
      stationId,
      localInstant(station!.timeZone, date, 0),
      localInstant(station!.timeZone, date, 24 * 60),
    );
  const open = 8 * 60;
  const close = 22 * 60;
  /** Share of the day's box-minutes (08:00–22:00) taken, and of its 30-min slots with some box taken. */
  const busyness = async (date: string) => {
    const occupancy = await dayOccupancy(date);
    let taken = 0;
    let slotsTouched = 0;
    let slots = 0;
    for (let m = open; m < close; m += station!.slotDuration || 30) {
      const from = localInstant(station!.timeZone, date, m);
      const to = localInstant(station!.timeZone, date, m + (station!.slotDuration || 30));
      const boxesTaken = boxNumbers.filter((b) =>
        occupancy.some((o) => o.box === b && o.start < to && o.end > from),
      ).length;
      taken += boxesTaken;
      slots++;
      if (boxesTaken > 0) slotsTouched++;
    }
    return {
      boxMinutes: taken / (slots * boxNumbers.length),
      slotsTouched: slotsTouched / slots,
      orders: occupancy.length,
    };
  };

  // The busy week, booked the way drivers book: the page's availability, then its POST.
  const rnd = random(37);
  let ipCounter = 0;
  let phoneCounter = 0;
  let booked = 0;
  for (const date of week) {
    let misses = 0;
    while (misses < 8 && (await busyness(date)).boxMinutes < settings.fill) {
      const offer = offers[Math.floor(rnd() * offers.length)]!;
      const ip = `172.16.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
      const avail = await app.inject({
        method: 'GET',
        url: `/api/public/book/${code}/availability?date=${date}&tariff_id=${offer.tariffId}&car_category=${offer.category}`,
        remoteAddress: ip,
      });
      const starts = avail.statusCode === 200 ? avail.json<{ start_times: string[] }>().start_times : [];
      if (starts.length === 0) {
        misses++;
        continue;
      }
      const res = await app.inject({
        method: 'POST',
        url: `/api/public/book/${code}/bookings`,
        remoteAddress: ip,
        payload: {
          name: 'Бенч',
          phone: `+7977${String(++phoneCounter).padStart(7, '0')}`,
          car: { brand: 'Kia', model: 'Rio', category: offer.category },
          tariff_id: offer.tariffId,
          services: [],
          booking_start: starts[Math.floor(rnd() * starts.length)],
          consent: true,
        },
      });
      if (res.statusCode === 201) booked++;
      else misses++;
    }
  }
  const busy = await Promise.all(week.map(busyness));
  log(
    `busy week: ${booked} public bookings; per day ` +
      busy
        .map(
          (b, i) =>
            `${week[i]!.slice(5)} ${b.orders} orders, ${(b.boxMinutes * 100).toFixed(0)} % box-time, ` +
            `${(b.slotsTouched * 100).toFixed(0)} % slots`,
        )
        .join('; '),
  );

  // What the product sends for one availability of each day (the measured tariff, Compact).
  const query = (date: string) => `date=${date}&tariff_id=${measured.id}&car_category=Compact`;
  const recordedIp = '198.51.100.77';
  const recordings: AvailabilityRecordings = { recordedIp, days: {} };
  const offered: number[] = [];
  for (const date of week) {
    let body = '';
    recordings.days[date] = await recordSql(async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/public/book/${code}/availability?${query(date)}`,
        remoteAddress: recordedIp,
      });
      if (res.statusCode !== 200) throw new Error(`recorded availability ${date}: ${res.statusCode}`);
      body = res.body;
    });
    offered.push(JSON.parse(body).start_times.length as number);
  }
  const statementCount = recordings.days[week[0]!]!.length;
  log(
    `recorded: ${statementCount} statements per availability; start times offered ` +
      `(${measured.prices.Compact!.duration_minutes} min, Compact) per day: ${offered.join(', ')}`,
  );

  // Where one request's SQL time goes: each recorded statement alone, one connection, no load (median).
  const single = new pg.Client({ connectionString: url });
  await single.connect();
  const perStatement: { text: string; ms: number }[] = [];
  for (const s of recordings.days[week[0]!]!) {
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await single.query({ text: s.text, values: s.values, ...(s.rowMode ? { rowMode: s.rowMode } : {}) });
      times.push(performance.now() - t);
    }
    times.sort((a, c) => a - c);
    perStatement.push({ text: s.text.replace(/\s+/g, ' ').slice(0, 60), ms: percentile(times, 50) });
  }
  await single.end();

  // The CPU part: the pure function on the busiest day.
  const busiest = week[busy.reduce((b, d, i) => (d.boxMinutes > busy[b]!.boxMinutes ? i : b), 0)]!;
  const input = {
    date: busiest,
    timeZone: station!.timeZone,
    worktime: station!.worktimeByDay,
    slotDuration: station!.slotDuration,
    boxNumbers,
    occupancy: await dayOccupancy(busiest),
    now: new Date(),
    durationMinutes: measured.prices.Compact!.duration_minutes,
  };
  await app.close();
  let sink = 0;
  for (let i = 0; i < 2000; i++) sink += freeStartTimes(input).length;
  const batch = 1000;
  const perCall: number[] = [];
  for (let b = 0; b < Math.max(1, Math.floor(settings.microRuns / batch)); b++) {
    const t = performance.now();
    for (let i = 0; i < batch; i++) sink += freeStartTimes(input).length;
    perCall.push(((performance.now() - t) * 1000) / batch);
  }
  perCall.sort((a, b) => a - b);
  const micro = {
    p50: percentile(perCall, 50),
    min: perCall[0]!,
    occupancy: input.occupancy.length,
    starts: freeStartTimes(input).length,
  };
  log(`freeStartTimes ${busiest}: ${micro.p50.toFixed(1)} µs per call (sink ${sink})`);

  // Product: the server as `npm start` runs it, behind one trusted proxy hop.
  const port = await freePort();
  const server = await startProductServer(port, { databaseUrl: url }, settings.logLevel, {
    env: { TRUST_PROXY: '1' },
  });
  cleanups.push(() => server.stop());
  const base = `http://127.0.0.1:${port}`;
  const ask = async (target: string, ip: string) => {
    const res = await fetch(target, { headers: { 'x-forwarded-for': ip } });
    await res.text();
    return res.status;
  };
  const dayOf = (client: number, n: number) => week[(client + n) % days]!;
  const product = (client: number, n: number, ip: string) =>
    ask(`${base}/api/public/book/${code}/availability?${query(dayOf(client, n))}`, ip);
  const health = (_client: number, _n: number, ip: string) => ask(`${base}/api/health`, ip);

  const { port: rawPort } = await startRawBaseline('bench/online-booking-baseline.ts', url, recordings);
  const raw = (client: number, n: number, ip: string) =>
    ask(`http://127.0.0.1:${rawPort}/availability?date=${dayOf(client, n)}`, ip);

  const results = { product: [] as LoadResult[], raw: [] as LoadResult[], health: [] as LoadResult[] };
  const loadDuring: string[] = [];
  await load(settings.warmup, product);
  await load(settings.warmup, raw);
  await load(settings.warmup, health);
  for (let round = 0; round < settings.rounds; round++) {
    for (const [name, send] of [
      ['product', product],
      ['raw', raw],
      ['health', health],
    ] as const) {
      const r = await load(settings.duration, send);
      results[name].push(r);
      log(
        `round ${round + 1} ${name}: ${(r.ok / r.seconds).toFixed(0)}/s, p50 ` +
          `${percentile(
            [...r.latencies].sort((a, b) => a - b),
            50,
          ).toFixed(1)} ms, load ${loads()}`,
      );
      loadDuring.push(loads().split(' ')[0]!);
    }
  }
  const p = merge(results.product);
  const b = merge(results.raw);
  const h = merge(results.health);

  const ms = (v: number) => v.toFixed(2).padStart(9);
  const ratio = (x: number, y: number) => `${(x / y).toFixed(1)}×`.padStart(9);
  console.log(
    `\navailability of «Мойка на Ленина» on a busy week (${busy.map((d) => `${(d.boxMinutes * 100).toFixed(0)}`).join('/')} % ` +
      `box-time taken), ${settings.clients} clients, closed loop, ${settings.rounds} × ${settings.duration} s each, ` +
      `${settings.ips} client addresses`,
  );
  console.log(
    `${''.padEnd(30)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'req/s'.padStart(9)}  answers`,
  );
  for (const [name, r] of [
    ['product availability', p],
    ['raw baseline (pg+http)', b],
    ['product GET /api/health', h],
  ] as const) {
    console.log(
      `${name.padEnd(30)}${ms(r.p50)}${ms(r.p99)}${r.perSecond.toFixed(0).padStart(9)}  ${JSON.stringify(r.codes)}`,
    );
  }
  console.log(
    `${'product / raw baseline'.padEnd(30)}${ratio(p.p50, b.p50)}${ratio(p.p99, b.p99)}` +
      `${`${(b.perSecond / p.perSecond).toFixed(1)}×↓`.padStart(9)}`,
  );
  console.log(
    `${'product / health'.padEnd(30)}${ratio(p.p50, h.p50)}${ratio(p.p99, h.p99)}` +
      `${`${(h.perSecond / p.perSecond).toFixed(1)}×↓`.padStart(9)}`,
  );
  console.log(
    `freeStartTimes (pure) on ${busiest}, ${micro.occupancy} live orders, ${micro.starts} starts offered: ` +
      `${micro.p50.toFixed(1)} µs per call (min ${micro.min.toFixed(1)}), ${statementCount} SQL statements per request`,
  );
  console.log("one availability's statements alone, one connection, before the load (median of 200):");
  for (const s of perStatement) console.log(`  ${s.ms.toFixed(2).padStart(6)} ms  ${s.text}`);
  console.log(
    `machine: ${cpus().length} cores, load average ${loads()}; 1-min load after each phase: ${loadDuring.join(', ')}`,
  );
} finally {
  await cleanUp();
}
process.exit(0);
