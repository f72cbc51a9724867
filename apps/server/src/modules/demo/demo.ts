import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { seedDemoPartners } from './demo-partners';
import { seedDemoOnlineBooking } from './demo-online-booking';
import { boxes, fixedTariffs, identities, memberships, networks, stations, users } from '../../db/schema';
import { seedDemoActivity, type DemoStationRef } from './demo-activity';

const daily = (
  start: string,
  end: string,
  days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
) =>
  Object.fromEntries(
    days.flatMap((d) => [
      [`start_${d}`, start],
      [`end_${d}`, end],
    ]),
  );

/** Fixed tariffs of the robot wash at «Мойка на Ленина», in page order. */
export const demoFixedTariffs = [
  { description: 'Робот: экспресс-мойка кузова', cost: 450, status: true },
  { description: 'Робот: мойка кузова с воском', cost: 650, status: true },
  { description: 'Робот: полная программа с сушкой и защитой', cost: 900, status: true },
] as const;

interface DemoUser {
  login: string;
  name: string | null;
  surname: string | null;
  email: string | null;
  number: string | null;
  role?: string;
  redirectTo?: string;
}

/** The local logins tests and reviewers rely on (issue 2 «Demo data»). */
export const demoUsers = {
  owner: {
    login: 'owner',
    name: 'Алексей',
    surname: 'Смирнов',
    email: 'owner@demo-carwash.ru',
    number: '+79161234501',
  },
  principal: {
    login: 'principal',
    name: 'Марина',
    surname: 'Кузнецова',
    email: 'principal@demo-carwash.ru',
    number: '+79161234502',
  },
  administrator: {
    login: 'administrator',
    name: 'Ирина',
    surname: 'Волкова',
    email: 'admin.lenina@demo-carwash.ru',
    number: '+79161234503',
  },
  worker: {
    login: 'worker',
    name: 'Дмитрий',
    surname: 'Орлов',
    email: 'worker@demo-carwash.ru',
    number: '+79161234504',
  },
  admin: {
    login: 'admin',
    name: 'Сергей',
    surname: 'Поддержкин',
    email: 'support@carwash-crm.ru',
    number: '+79161234500',
    role: 'admin',
  },
  newcomer: {
    login: 'newcomer',
    name: 'Павел',
    surname: 'Новиков',
    email: 'newcomer@example.ru',
    number: '+79161234505',
  },
  incomplete: { login: 'incomplete', name: 'Олег', surname: 'Незаполненный', email: null, number: null },
  wizard: {
    login: 'wizard',
    name: 'Роман',
    surname: 'Мастеров',
    email: 'wizard@example.ru',
    number: '+79161234506',
    role: 'wizard',
    redirectTo: 'wizard',
  },
  rival: {
    login: 'rival',
    name: 'Виктор',
    surname: 'Соседов',
    email: 'rival@neighbour-wash.ru',
    number: '+79161234507',
  },
} satisfies Record<string, DemoUser>;

export type DemoLogin = keyof typeof demoUsers;

export interface SeedDemoOptions {
  /** The demo's "now": orders are laid out around this day (tests pin it). */
  now?: Date;
}

/**
 * Creates the demo networks, stations, users, price lists, clients and orders into an empty database.
 * Returns false when not empty.
 */
/**
 * The demo's history writes its baskets itself: each order takes its tariff's name, as a booking stores it
 * (basketOf, issue 38) and as migration 0016 gave the orders that existed before.
 */
async function keepTariffNames(db: Database) {
  await db.execute(sql`
    UPDATE orders AS o
    SET basket = jsonb_set(o.basket, '{tariff_name}', to_jsonb(t.name))
    FROM tariffs AS t
    WHERE t.id::text = o.basket->>'tariff_id' AND NOT (o.basket ? 'tariff_name')`);
}

export async function seedDemo(db: Database, { now = new Date() }: SeedDemoOptions = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
    if (n > 0) return false;

    const userIds: Record<string, string> = {};
    for (const u of Object.values(demoUsers) as DemoUser[]) {
      const [row] = await tx
        .insert(users)
        .values({
          login: u.login,
          name: u.name,
          surname: u.surname,
          email: u.email,
          number: u.number,
          role: u.role ?? 'user',
          redirectTo: u.redirectTo ?? null,
          allowPushNotifications: u.login === 'owner' || u.login === 'administrator' || u.login === 'admin',
          defaultAvatarId: null,
        })
        .returning({ id: users.id });
      userIds[u.login] = row!.id;
      await tx.insert(identities).values({ userId: row!.id, provider: 'local', providerUserId: u.login });
    }

    const [demo] = await tx.insert(networks).values({ name: 'Демо-сеть' }).returning({ id: networks.id });
    const [rivalNet] = await tx
      .insert(networks)
      .values({ name: 'Соседняя сеть' })
      .returning({ id: networks.id });
    const [wizardNet] = await tx
      .insert(networks)
      .values({ name: 'Сеть «Новая мойка»' })
      .returning({ id: networks.id });

    await tx.insert(memberships).values([
      { userId: userIds.owner!, networkId: demo!.id, position: 'owner' },
      { userId: userIds.principal!, networkId: demo!.id, position: 'principal' },
      { userId: userIds.administrator!, networkId: demo!.id, position: 'administrator' },
      { userId: userIds.worker!, networkId: demo!.id, position: 'worker' },
      { userId: userIds.rival!, networkId: rivalNet!.id, position: 'owner' },
      { userId: userIds.wizard!, networkId: wizardNet!.id, position: 'owner' },
    ]);

    const demoStations = [
      {
        networkId: demo!.id,
        carwashId: '100101',
        name: 'Мойка на Ленина',
        address: 'Москва, Ленинский проспект, 45',
        lat: 55.70753,
        lon: 37.58632,
        worktimeByDay: daily('08:00', '22:00'),
        timeZone: 'Europe/Moscow',
        slotDuration: 30,
        boxCount: 4,
        // Every tariff tab shows here (S2 §2): Yandex bookings, in-app payment and a robot wash.
        enablePayment: true,
        enableRobot: true,
      },
      {
        networkId: demo!.id,
        carwashId: '100102',
        name: 'Мойка на Садовой',
        address: 'Новосибирск, улица Садовая, 12',
        lat: 55.04291,
        lon: 82.92143,
        worktimeByDay: daily('09:00', '21:00', [
          'Monday',
          'Tuesday',
          'Wednesday',
          'Thursday',
          'Friday',
          'Saturday',
        ]),
        timeZone: 'Asia/Novosibirsk',
        slotDuration: 30,
        boxCount: 2,
      },
      {
        networkId: rivalNet!.id,
        carwashId: '200201',
        name: 'Мойка у моста',
        address: 'Москва, Краснохолмская набережная, 3',
        lat: 55.73552,
        lon: 37.65237,
        worktimeByDay: daily('00:00', '23:59'),
        timeZone: 'Europe/Moscow',
        slotDuration: 30,
        boxCount: 3,
      },
      {
        networkId: wizardNet!.id,
        carwashId: '300301',
        name: 'Новая мойка',
        address: 'Казань, улица Баумана, 7',
        lat: 55.78874,
        lon: 49.12214,
        worktimeByDay: daily('09:00', '21:00'),
        timeZone: 'Europe/Moscow',
        slotDuration: 30,
        boxCount: 2,
        awaitingSetup: true,
      },
    ];
    const refs: Record<string, DemoStationRef> = {};
    for (const { boxCount, ...s } of demoStations) {
      const [station] = await tx.insert(stations).values(s).returning({ id: stations.id });
      await tx
        .insert(boxes)
        .values(Array.from({ length: boxCount }, (_, i) => ({ stationId: station!.id, number: i + 1 })));
      refs[s.carwashId] = {
        id: station!.id,
        networkId: s.networkId,
        timeZone: s.timeZone,
        worktime: s.worktimeByDay,
        slotDuration: s.slotDuration,
        boxCount,
      };
    }

    // The robot wash of «Мойка на Ленина» sells three fixed programmes (S2 §3 «Fixed tariff»).
    await tx
      .insert(fixedTariffs)
      .values(demoFixedTariffs.map((f, position) => ({ stationId: refs['100101']!.id, position, ...f })));

    // The wizard's «Новая мойка» stays empty: its owner sets prices up in the wizard.
    await seedDemoActivity(tx, {
      now,
      stations: { lenina: refs['100101']!, sadovaya: refs['100102']!, bridge: refs['200201']! },
      demoNetworkId: demo!.id,
      rivalNetworkId: rivalNet!.id,
      userPhones: Object.values(demoUsers as Record<string, DemoUser>).flatMap((u) =>
        u.number ? [u.number] : [],
      ),
      administratorId: userIds.administrator ?? null,
      rivalOwnerId: userIds.rival ?? null,
    });
    const stationIdsByCarwash = Object.fromEntries(
      Object.entries(refs).map(([carwashId, ref]) => [carwashId, ref.id]),
    );
    await seedDemoPartners(tx, stationIdsByCarwash);
    await seedDemoOnlineBooking(tx, stationIdsByCarwash, now);
    await keepTariffNames(tx);
    return true;
  });
}
