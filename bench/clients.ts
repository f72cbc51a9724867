/**
 * `npm run bench:clients` (not a test): the clients page of a big network (issue 11).
 *
 * 1. Seeds `BENCH_CLIENTS` (100 000) clients of one network into a throw-away PostgreSQL cluster (or a fresh
 *    database in BENCH_DATABASE_URL): Russian names and surnames, unique phones, a discount for some, 3 %
 *    deleted.
 * 2. Builds the real app in-process on ONE database connection (pool size 1) and calls it with
 *    `app.inject()`, one request at a time, `BENCH_RUNS` times each (200, after 20 discarded): the list's
 *    first page (25, name ascending), the first page sorted by discount among active clients, a deep page,
 *    a search by name and surname, a broad search by a first name alone, a search by a run of phone digits,
 *    and the order form's picker (`POST /api/drivers/search`).
 * 3. Baselines in the same run, on the same connection: a `select 1` round trip, and the name and phone
 *    searches with PostgreSQL's index scans switched off (what the query costs without the index).
 * 4. Prints p50 and p99 per call (ms) and the machine's load average.
 *
 * Environment: BENCH_DATABASE_URL, BENCH_CLIENTS (100000), BENCH_RUNS (200).
 */
import { loadavg, cpus } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { createAdapters } from '../apps/server/src/adapters';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { drivers } from '../apps/server/src/db/schema';
import { createSession } from '../apps/server/src/plugins/auth';
import { startPgCluster, type PgCluster } from './support/pg-cluster';
import { freePort } from './support/processes';
import { envNumber } from './support/bench-run';

const clients = envNumber('BENCH_CLIENTS', 100_000);
const runs = envNumber('BENCH_RUNS', 200);
const warmup = 20;

const started = performance.now();
const log = (line: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

const names =
  'Александр Алексей Анастасия Андрей Анна Антон Артём Вадим Валентина Василий Вера Виктор Виктория Владимир Галина Григорий Дарья Денис Дмитрий Евгений Екатерина Елена Иван Игорь Илья Кирилл Ксения Лариса Максим Марина Мария Михаил Наталья Никита Николай Оксана Олег Ольга Павел Пётр Роман Светлана Семён Сергей Татьяна Юлия Юрий Яна'.split(
    ' ',
  );
const surnames =
  'Иванов Смирнов Кузнецов Попов Васильев Петров Соколов Михайлов Новиков Фёдоров Морозов Волков Алексеев Лебедев Семёнов Егоров Павлов Козлов Степанов Николаев Орлов Андреев Макаров Никитин Захаров Зайцев Соловьёв Борисов Яковлев Григорьев Романов Воробьёв Сергеев Кузьмин Фролов Александров Дмитриев Королёв Гусев Киселёв Ильин Максимов Поляков Сорокин Виноградов Ковалёв Белов Медведев Антонов Тарасов Жуков Баранов Филиппов Комаров Давыдов Беляев Герасимов Богданов Осипов Сидоров'.split(
    ' ',
  );
const brands = [
  ['Kia', 'Rio'],
  ['Lada', 'Vesta'],
  ['Hyundai', 'Solaris'],
  ['Toyota', 'Camry'],
  ['Skoda', 'Octavia'],
] as const;

/** Deterministic PRNG (mulberry32): the same network every run. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function seedNetwork(handle: DatabaseHandle) {
  const { db } = handle;
  const one = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
  const network = await one<{ id: string }>(
    sql`insert into networks (name) values ('Бенч-клиенты') returning id`,
  );
  const user = await one<{ id: string }>(
    sql`insert into users (login, name, surname, email, number)
        values ('bench-clients-owner', 'Бенч', 'Владелец', 'bench-clients@example.ru', '+79160000000') returning id`,
  );
  await db.execute(
    sql`insert into memberships (user_id, network_id, position) values (${user.id}, ${network.id}, 'owner')`,
  );
  return { networkId: network.id, userId: user.id };
}

async function seed(handle: DatabaseHandle) {
  const { db } = handle;
  const network = await seedNetwork(handle);
  const rnd = prng(11);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const t = performance.now();
  for (let i = 0; i < clients; i += 2000) {
    const batch = Array.from({ length: Math.min(2000, clients - i) }, (_, k) => {
      const n = i + k;
      const surname = pick(surnames);
      const female = /[ая]$/.test(pick(names));
      const name = pick(names);
      const [brand, model] = pick(brands);
      return {
        networkId: network.networkId,
        name,
        surname: female && /[ая]$/.test(name) ? `${surname}а` : surname,
        // Unique per client: a spread over the number range, not a counter anyone could guess from a page.
        phone: `+79${String((n * 7_919_731 + 12_345) % 1_000_000_000).padStart(9, '0')}`,
        discount: rnd() < 0.2 ? pick([3, 5, 10, 15, 20]) : 0,
        cars: [{ brand, model }],
        deleted: rnd() < 0.03,
        createdAt: new Date(Date.UTC(2024, 0, 1) + Math.floor(rnd() * 700 * 86_400_000)),
      };
    });
    await db.insert(drivers).values(batch);
  }
  // As a network that has lived a while: statistics and the visibility map (index-only counts) in place.
  await db.execute(sql`vacuum analyze drivers`);
  log(`seeded ${clients} clients in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return network;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function time(label: string, times: number, call: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(warmup, times); i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await call();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { label, runs: times, p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

/** 10 000 new clients through `POST /api/drivers/import` (one transaction, batched inserts), timed once. */
async function importTime(
  app: Awaited<ReturnType<typeof buildApp>>,
  networkId: string,
  headers: Record<string, string>,
  label: string,
) {
  const rows = Array.from({ length: 10_000 }, (_, i) => ({
    name: pickName(i),
    surname: 'Импортов',
    phone: `+7800${String(i).padStart(7, '0')}`,
    discount: i % 10,
    car_brand: 'Kia',
    car_model: 'Rio',
    plate_number: null,
  }));
  const t = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: `/api/drivers/import/${networkId}`,
    headers,
    payload: { rows },
  });
  const took = performance.now() - t;
  if (res.statusCode !== 200 || res.json().created !== 10_000)
    throw new Error(`import: ${res.body.slice(0, 300)}`);
  return { label, runs: 1, p50: took, p99: took };
}
const pickName = (i: number) => names[i % names.length]!;

/** The same import on the embedded PGlite (in-memory, migrated, one network), as the demo runs. */
async function pgliteImport() {
  const handle = await openDatabase({});
  try {
    await handle.migrate();
    const { networkId, userId } = await seedNetwork(handle);
    const config = loadConfig({ SEED_DEMO: '0', MAX_EVENT_LOOP_DELAY_MS: '0', LOG_LEVEL: 'warn' });
    const app = await buildApp({
      db: handle.db,
      database: handle,
      config,
      adapters: createAdapters(config),
      webDist: null,
    });
    await app.ready();
    const { token } = await createSession(handle.db, userId);
    const result = await importTime(
      app,
      networkId,
      { cookie: `crm_sid=${token}`, 'x-user-id': userId },
      'import 10 000 rows (PGlite)',
    );
    await app.close();
    return result;
  } finally {
    await handle.close();
  }
}

async function main() {
  let cluster: PgCluster | null = null;
  let url = process.env.BENCH_DATABASE_URL;
  let admin: pg.Client | null = null;
  const dbName = `crm_bench_clients_${process.pid}`;
  if (url) {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const u = new URL(url);
    u.pathname = `/${dbName}`;
    url = u.toString();
  } else {
    cluster = startPgCluster(await freePort());
    url = cluster.url;
    log(`started ${cluster.version}`);
  }
  const handle = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    await handle.migrate();
    const { networkId, userId } = await seed(handle);
    const config = loadConfig({ SEED_DEMO: '0', MAX_EVENT_LOOP_DELAY_MS: '0', LOG_LEVEL: 'warn' });
    const app = await buildApp({
      db: handle.db,
      database: handle,
      config,
      adapters: createAdapters(config),
      webDist: null,
    });
    await app.ready();
    const { token } = await createSession(handle.db, userId);
    const headers = { cookie: `crm_sid=${token}`, 'x-user-id': userId };
    const get = async (query: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/drivers/list/${networkId}?${query}`,
        headers,
      });
      if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res.json() as { total: number };
    };
    // Seven digits from the middle of a real client's phone: a run as an operator would type it.
    const [sample] = (
      (await handle.db.execute(sql`select phone from drivers order by id limit 1 offset 777`)) as unknown as {
        rows: { phone: string }[];
      }
    ).rows;
    const digits = sample!.phone.slice(4, 11);
    const totals = {
      all: (await get('page=1')).total,
      name: (await get(`search=${encodeURIComponent('петров иван')}`)).total,
      broad: (await get(`search=${encodeURIComponent('Ольга')}`)).total,
      phone: (await get(`search=${digits}`)).total,
    };
    log(
      `matches: all ${totals.all}, «петров иван» ${totals.name}, «Ольга» ${totals.broad}, «${digits}» ${totals.phone}`,
    );

    const results = [
      await time('select 1 (round trip)', runs, () => handle.db.execute(sql`select 1`)),
      await time('list page 1 (name asc)', runs, () => get('page=1&page_size=25')),
      await time('list active by discount desc', runs, () =>
        get('page=1&page_size=25&filter=active&sort=discount_desc'),
      ),
      await time('list page 200 of 25', runs, () => get('page=200&page_size=25')),
      await time('search «петров иван»', runs, () =>
        get(`page=1&search=${encodeURIComponent('петров иван')}`),
      ),
      await time('search «Ольга» (broad)', runs, () => get(`page=1&search=${encodeURIComponent('Ольга')}`)),
      await time(`search phone «${digits}»`, runs, () => get(`page=1&search=${digits}`)),
      await time('picker POST /drivers/search', runs, async () => {
        const res = await app.inject({
          method: 'POST',
          url: `/api/drivers/search/${networkId}`,
          headers,
          payload: { query: 'Семёнов Оле' },
        });
        if (res.statusCode !== 200) throw new Error(res.body);
      }),
    ];
    // The unindexed baseline: the same calls with index scans off (sequential scan of the network's rows).
    await handle.db.execute(sql`set enable_bitmapscan = off`);
    await handle.db.execute(sql`set enable_indexscan = off`);
    const slowRuns = Math.max(5, Math.floor(runs / 10));
    results.push(
      await time('  no index: search «петров иван»', slowRuns, () =>
        get(`page=1&search=${encodeURIComponent('петров иван')}`),
      ),
      await time('  no index: search phone', slowRuns, () => get(`page=1&search=${digits}`)),
      await time('  no index: list page 1', slowRuns, () => get('page=1&page_size=25')),
    );
    await handle.db.execute(sql`reset enable_bitmapscan`);
    await handle.db.execute(sql`reset enable_indexscan`);
    results.push(await importTime(app, networkId, headers, 'import 10 000 rows (PostgreSQL)'));
    await app.close();
    results.push(await pgliteImport());

    console.log(
      `\n${clients} clients, one connection, ${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(`${'call'.padEnd(36)}${'runs'.padStart(6)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`);
    for (const r of results) {
      console.log(
        `${r.label.padEnd(36)}${String(r.runs).padStart(6)}${r.p50.toFixed(2).padStart(9)}${r.p99.toFixed(2).padStart(9)}`,
      );
    }
  } finally {
    await handle.close();
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    cluster?.stop();
  }
}

await main();
