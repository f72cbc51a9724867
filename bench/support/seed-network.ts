/**
 * A busy network for `bench:api`, seeded with set-based SQL (generate_series) into a database that
 * already holds the demo data: «Бенч-сеть» with its owner `bench-owner`, N stations × B boxes open
 * 08:00–22:00 daily (Europe/Moscow, slot 30), tariffs copied from «Мойка на Ленина», 500 clients, and
 * a year of orders. Per box and hour an order starts at :00 or :15 and lasts 30 or 45 minutes, so one
 * box's orders never overlap and the exclusion constraint holds; ~75 % of the hours are taken, which
 * gives ≈ 300k orders for 20 × 4 boxes × 365 days. Hashes of (station, day, box, hour) stand in for
 * random numbers, so every run seeds the same network.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';

export interface BenchNetwork {
  networkId: string;
  userId: string;
  /** In carwash_id order. */
  stationIds: string[];
  /** Own tariff used by the orders and the create calls, per station. */
  tariffIds: string[];
  orders: number;
  /** First and last (exclusive) seeded local dates, YYYY-MM-DD. */
  from: string;
  to: string;
}

export interface SeedOptions {
  stations: number;
  boxes: number;
  days: number;
  /** How many of the days lie after today (the rest is history). */
  futureDays: number;
}

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Copies every row of `table` from «Мойка на Ленина» to each bench station, whatever its columns. */
async function copyFromLenina(db: Database, table: string, networkId: string, where = 'true') {
  const cols = (
    await rows<{ column_name: string }>(
      db,
      sql`select column_name from information_schema.columns
          where table_schema = 'public' and table_name = ${table}
            and column_name not in ('id', 'station_id') order by ordinal_position`,
    )
  ).map((r) => ident(r.column_name));
  const inserted = await rows<{ n: number }>(
    db,
    sql.raw(`with copied as (
      insert into ${ident(table)} (station_id, ${cols.join(', ')})
      select s.id, ${cols.map((c) => `t.${c}`).join(', ')}
      from ${ident(table)} t
      cross join stations s
      where t.station_id = (select id from stations where carwash_id = '100101')
        and s.network_id = '${networkId}' and ${where}
      returning 1)
    select count(*)::int as n from copied`),
  );
  return inserted[0]?.n ?? 0;
}

async function supportsJit(db: Database) {
  const found = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_settings where name = 'jit'`,
  );
  return (found[0]?.n ?? 0) > 0;
}

const driverCount = 500;

const localDate = (d: Date) => d.toISOString().slice(0, 10);

export async function seedBenchNetwork(db: Database, options: SeedOptions): Promise<BenchNetwork> {
  // Today on the stations' clock (Moscow, UTC+3 all year).
  const today = new Date(Date.now() + 3 * 3600_000);
  today.setUTCHours(0, 0, 0, 0);
  const from = localDate(new Date(today.getTime() - (options.days - options.futureDays) * 86_400_000));
  const to = localDate(new Date(today.getTime() + options.futureDays * 86_400_000));

  const [network] = await rows<{ id: string }>(
    db,
    sql`insert into networks (name) values ('Бенч-сеть') returning id`,
  );
  const networkId = network!.id;
  const [user] = await rows<{ id: string }>(
    db,
    sql`insert into users (login, name, surname, email, number)
        values ('bench-owner', 'Бенч', 'Владелец', 'bench@example.ru', '+79160000000') returning id`,
  );
  await db.execute(
    sql`insert into memberships (user_id, network_id, position) values (${user!.id}, ${networkId}, 'owner')`,
  );
  const worktime = Object.fromEntries(
    ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].flatMap((d) => [
      [`start_${d}`, '08:00'],
      [`end_${d}`, '22:00'],
    ]),
  );
  await db.execute(sql`
    insert into stations (network_id, carwash_id, name, address, worktime_by_day, time_zone, slot_duration)
    select ${networkId}, '9' || lpad(n::text, 5, '0'), 'Бенч-мойка №' || n, 'Москва, Бенчевая улица, ' || n,
           ${JSON.stringify(worktime)}::jsonb, 'Europe/Moscow', 30
    from generate_series(1, ${options.stations}::int) n`);
  await db.execute(sql`
    insert into boxes (station_id, number)
    select s.id, b from stations s cross join generate_series(1, ${options.boxes}::int) b
    where s.network_id = ${networkId}`);

  const tariffs = await copyFromLenina(db, 'tariffs', networkId, 't.deleted_at is null');
  if (tariffs === 0) await insertFallbackTariffs(db, networkId);
  await copyFromLenina(db, 'additional_services', networkId);

  await db.execute(sql`
    insert into drivers (network_id, name, surname, phone)
    select ${networkId},
           (array['Иван','Анна','Пётр','Ольга','Сергей','Мария','Артём','Елена','Никита','Дарья'])[1 + i % 10],
           (array['Иванов','Петров','Сидоров','Смирнов','Кузнецов','Попов','Соколов','Лебедев'])[1 + i % 8],
           '+7916' || lpad(i::text, 7, '0')
    from generate_series(1, ${driverCount}::int) i`);

  const stationRows = await rows<{ id: string; tariff_id: string | null }>(
    db,
    sql`select s.id,
          (select t.id::text from tariffs t
           where t.station_id = s.id and t.kind = 'own' and t.deleted_at is null and t.active
           order by (t.code = 'complex') desc, t.created_at limit 1) as tariff_id
        from stations s where s.network_id = ${networkId} order by s.carwash_id`,
  );
  if (stationRows.some((s) => !s.tariff_id)) throw new Error('a bench station has no active own tariff');

  await db.transaction(async (tx) => {
    // JIT compiling this one big statement costs more than it saves.
    if (await supportsJit(tx)) await tx.execute(sql`set local jit = off`);
    await tx.execute(ordersInsert(networkId, options.boxes, from, to));
  });
  const [{ n } = { n: 0 }] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from orders where network_id = ${networkId}`,
  );
  // A database in use has been vacuumed since its rows arrived; a fresh bulk load not yet, and autovacuum
  // would do it during a measured step, on the cores the server under test needs.
  await db.execute(sql`vacuum analyze`);
  return {
    networkId,
    userId: user!.id,
    stationIds: stationRows.map((s) => s.id),
    tariffIds: stationRows.map((s) => s.tariff_id!),
    orders: n,
    from,
    to,
  };
}

/** Without demo tariffs (an older demo seed), three own tariffs of the table's own shape. */
async function insertFallbackTariffs(db: Database, networkId: string) {
  const classes = ['Mini', 'Compact', 'MiddleSize', 'Crossover', 'OffRoad', 'MicroBus'];
  const tariffs = [
    { code: 'express', name: 'Экспресс', base: 600, minutes: 30 },
    { code: 'complex', name: 'Комплекс', base: 1200, minutes: 45 },
    { code: 'maximum', name: 'Максимум', base: 2500, minutes: 90 },
  ];
  for (const t of tariffs) {
    const price = Object.fromEntries(classes.map((c, i) => [c, t.base + i * 200]));
    const duration = Object.fromEntries(classes.map((c, i) => [c, t.minutes + (i >= 3 ? 15 : 0)]));
    await db.execute(sql`
      insert into tariffs (station_id, kind, code, name, price_by_class, duration_by_class)
      select s.id, 'own', ${t.code}, ${t.name}, ${JSON.stringify(price)}::jsonb, ${JSON.stringify(duration)}::jsonb
      from stations s where s.network_id = ${networkId}`);
  }
}

/** One INSERT … SELECT over stations × boxes × days × hours 08–21. */
function ordersInsert(networkId: string, boxes: number, from: string, to: string): SQL {
  return sql`
    with st as materialized (
      select s.id, s.network_id, s.time_zone,
        (select t.id::text from tariffs t
         where t.station_id = s.id and t.kind = 'own' and t.deleted_at is null and t.active
         order by (t.code = 'complex') desc, t.created_at limit 1) as tariff_id
      from stations s where s.network_id = ${networkId}
    ),
    drv as materialized (
      select id, (row_number() over (order by phone) - 1)::int as k
      from drivers where network_id = ${networkId}
    ),
    cars as (
      select array[
        'Toyota|Camry|MiddleSize|Седан', 'Kia|Rio|Compact|Седан', 'Hyundai|Solaris|Compact|Седан',
        'Lada|Vesta|Compact|Седан', 'Lada|Granta|Compact|Седан', 'Haval|Jolion|Crossover|Кроссовер',
        'Chery|Tiggo 7 Pro|Crossover|Кроссовер', 'Geely|Coolray|Crossover|Кроссовер',
        'Volkswagen|Polo|Compact|Седан', 'Skoda|Octavia|MiddleSize|Лифтбек', 'BMW|X5|OffRoad|Внедорожник',
        'Mercedes-Benz|E-Класс|MiddleSize|Седан', 'Kia|Sportage|Crossover|Кроссовер',
        'Toyota|Land Cruiser|OffRoad|Внедорожник', 'Renault|Duster|Crossover|Кроссовер',
        'Nissan|Qashqai|Crossover|Кроссовер', 'Mazda|CX-5|Crossover|Кроссовер', 'Audi|A6|MiddleSize|Седан',
        'Kia|Picanto|Mini|Хэтчбек', 'Volkswagen|Multivan|MicroBus|Минивэн', 'Ford|Transit|MicroBus|Фургон',
        'Changan|CS55|Crossover|Кроссовер', 'Omoda|C5|Crossover|Кроссовер', 'Lexus|RX|OffRoad|Внедорожник'
      ] as list
    ),
    slots as (
      select s.id as station_id, s.network_id, s.time_zone, s.tariff_id, b as box, d::date as day, h,
        hashtext(s.id::text || d::date::text || '/' || b || '/' || h) as r,
        hashtext(h || '/' || b || '/' || d::date::text || s.id::text) as q
      from st s
      cross join generate_series(1, ${boxes}::int) b
      cross join generate_series(${from}::date, ${to}::date - 1, interval '1 day') d
      cross join generate_series(8, 21) h
    ),
    taken as materialized (
      select *,
        make_time(h, ((r >> 7) & 1) * 15, 0) as local_start,
        30 + ((r >> 8) & 1) * 15 as minutes,
        (r >> 9) & 127 as roll, (r >> 16) & 127 as roll2
      from slots where (r & 127) < 96
    ),
    timed as (
      select *, (day + local_start) at time zone time_zone as bs,
        ((day + local_start) at time zone time_zone) + make_interval(mins => minutes) as be,
        50 * (10 + ((q >> 4) & 63)) as amount,
        split_part((select list from cars)[1 + ((q >> 10) & 1023) % 24], '|', 1) as brand,
        split_part((select list from cars)[1 + ((q >> 10) & 1023) % 24], '|', 2) as model,
        split_part((select list from cars)[1 + ((q >> 10) & 1023) % 24], '|', 3) as car_class,
        split_part((select list from cars)[1 + ((q >> 10) & 1023) % 24], '|', 4) as body_type,
        case when roll2 < 77 then 'Own' when roll2 < 115 then 'Yandex' else 'Benzuber' end as source
      from taken
    ),
    shaped as (
      select *,
        case
          when be <= now() then
            case when roll < 12 then (array['Canceled','StationCanceled','UserCanceled'])[1 + roll % 3]
                 else 'Completed' end
          when bs <= now() then 'Processing'
          when roll < 5 then 'Canceled'
          when bs < now() + interval '3 days' and roll < 30 then 'Accepted'
          else 'Booked'
        end as status
      from timed
    )
    insert into orders (station_id, network_id, box_number, status, source, order_type, booking_start,
      booking_end, date_start, date_end, date_create, extended_id, driver_id, phones, sum, sum_completed,
      payment_method, comment, reason, client_car, basket)
    select station_id, network_id, box, status, source, 'Booking', bs, be,
      case when status in ('Processing', 'Completed') then bs end,
      case when status = 'Completed' then be end,
      least(now(), bs - make_interval(days => 1 + ((q >> 20) & 7))),
      case when source <> 'Own' then upper(source) || '-' || abs(q) end,
      drv.id,
      case when source = 'Yandex' then jsonb_build_array(jsonb_build_object(
        'redirection_phone', '+7495' || lpad((abs(r) % 10000000)::text, 7, '0'),
        'ext', lpad((abs(q) % 1000)::text, 3, '0'))) else '[]'::jsonb end,
      amount,
      case when status = 'Completed' then amount else 0 end,
      case when status <> 'Completed' then 'not_paid' when source <> 'Own' then 'paid'
           when (q >> 2) & 1 = 0 then 'paid_card' else 'paid_cash' end,
      case when roll2 % 16 = 0 then 'Позвонить за 15 минут до начала' else '' end,
      case when status like '%Canceled' then (array['NotWorking','TimeBusy','Other'])[1 + (q & 3) % 3] end,
      jsonb_build_object('brand', brand, 'model', model,
        'plate_number', substr('АВЕКМНОРСТУХ', 1 + abs(q) % 12, 1) || lpad((abs(r) % 1000)::text, 3, '0')
          || substr('АВЕКМНОРСТУХ', 1 + abs(r) % 12, 1) || substr('АВЕКМНОРСТУХ', 1 + abs(q >> 5) % 12, 1)
          || (array['77','97','177','199','777','50','750'])[1 + abs(q >> 8) % 7],
        'body_type', body_type, 'body_color', (array['Белый','Чёрный','Серый','Синий','Красный'])[1 + roll2 % 5],
        'car_class', car_class, 'category', car_class),
      jsonb_build_object('tariff_id', tariff_id,
        'slot_id', to_char(day, 'DDMMYY') || '_' || to_char(local_start, 'HH24MI') || '_'
          || to_char(local_start + make_interval(mins => minutes), 'HH24MI'),
        'price_element_id', null, 'total_duration_minutes', minutes, 'total_amount', amount,
        'include_service_amount', amount, 'additional_service_amounts', '{}'::jsonb,
        'compensation_amount', 0, 'user_need_to_pay_amount', amount)
    from shaped
    left join drv on source = 'Own' and drv.k = abs(q) % ${driverCount}`;
}
