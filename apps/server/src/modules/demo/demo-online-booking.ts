import { createHash } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  addDays,
  basketOf,
  orderPrice,
  slotId,
  stationClock,
  type CarClass,
  type LegalInfo,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { drivers, onlineBookings, onlineBookingSettings, orders, stations, tariffs } from '../../db/schema';
import { freeBoxNumbers } from '../orders/orders.repository';
import { loadFreeStartTimes } from '../slots/availability';
import { operatorOf } from '../online-booking/public-station';
import { loadTariffConfig } from '../tariffs/tariffs.repository';

/**
 * The demo's online booking (issue 37): fixed public codes, so the README and the browser tests can link
 * to `/book/lenina24`, and two bookings at «Мойка на Ленина» with fixed manage tokens (development values,
 * like the demo partners' secrets: never use them outside the demo). `manage` is an upcoming confirmed
 * booking to open at `/booking/{token}`; `removal` is one whose driver asked to remove his data, so the
 * owner's settings show a request to confirm.
 */
export const demoOnlineBooking = {
  codes: { '100101': 'lenina24', '100102': 'sadovaya24', '200201': 'bridge24', '300301': 'novaya24' },
  /**
   * Only «Мойка на Ленина» takes online bookings (the page's own flag); the others show «Онлайн-запись
   * временно недоступна». The stations' strategy flags (`enable_booking`, «Заказы из Яндекса») are the
   * demo's own and not touched here.
   */
  enabledAt: ['100101'],
  /**
   * The phone drivers call, per station: a station that is off shows it beside «Онлайн-запись временно
   * недоступна» (Садовая, Новая мойка); «Мойка у моста» has none, the page then names no number.
   */
  phones: { '100101': '+74951234524', '100102': '+73832123456', '300301': '+78432123456' } as Partial<
    Record<string, string>
  >,
  /**
   * «Мойка на Ленина»'s legal details, so the consent and the privacy page name an operator. Made-up demo
   * values that pass the control digits (INN, OGRN, KPP, OKPO; a bank account agreeing with its BIK).
   */
  leninaLegal: {
    type: 'LEGAL',
    inn: '7725123450',
    ogrn: '1217700123453',
    ogrnip: '',
    okpo: '12345670',
    kpp: '772501001',
    fias: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5',
    nameOrg: 'ООО «Мойка на Ленина»',
    fullNameOrg: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «МОЙКА НА ЛЕНИНА»',
    addressOrg: '119071, г Москва, Ленинский пр-кт, д 45',
    commentToAddress: '',
    name: '',
    surname: '',
    lastname: '',
    certificateNumber: '',
    certificateDate: '',
    bankAccount: {
      bik: '044525225',
      bank: 'ПАО Сбербанк',
      addressBank: '117312, г Москва, ул Вавилова, д 19',
      account: '40702810938000000001',
      corrAccount: '30101810400000000225',
    },
  } satisfies LegalInfo as LegalInfo,
  bookings: {
    manage: {
      token: 'DemoLenina24ManageTokenDoNotUseOutsideDemo0',
      category: 'Compact' as CarClass,
      daysAhead: 2,
    },
    removal: {
      token: 'DemoLenina24RemovalTokenDoNotUseOutsideDemo',
      category: 'Compact' as CarClass,
      daysAhead: 3,
    },
  },
} as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type DemoClient = Pick<typeof drivers.$inferSelect, 'id' | 'name' | 'phone' | 'cars'>;
type DemoBooking = (typeof demoOnlineBooking.bookings)[keyof typeof demoOnlineBooking.bookings];

/** One booking on the first free start from noon of the day, priced by the station's first own tariff. */
async function seedBooking(
  db: Database,
  stationId: string,
  booking: DemoBooking,
  client: DemoClient,
  now: Date,
  removal: boolean,
) {
  const car = client.cars[0]!;
  const [station] = await db.select().from(stations).where(eq(stations.id, stationId));
  const [tariff] = await db
    .select({ id: tariffs.id })
    .from(tariffs)
    .where(
      and(
        eq(tariffs.stationId, stationId),
        eq(tariffs.kind, 'own'),
        eq(tariffs.active, true),
        isNull(tariffs.deletedAt),
      ),
    )
    .orderBy(asc(tariffs.createdAt), asc(tariffs.name))
    .limit(1);
  if (!station || !tariff) return;
  const config = await loadTariffConfig(db, stationId, tariff.id);
  const price = config && orderPrice(config, booking.category, []);
  if (!price) return;
  const date = addDays(stationClock(station.timeZone, now).date, booking.daysAhead);
  const starts = await loadFreeStartTimes(db, station, date, price.totalDurationMinutes, now);
  const start = starts.find((s) => stationClock(station.timeZone, s).time >= '12:00') ?? starts[0];
  if (!start) return;
  const end = new Date(start.getTime() + price.totalDurationMinutes * 60_000);
  const operator = operatorOf(station.legalInfo);
  const [box] = await freeBoxNumbers(db, stationId, start, end);
  if (box === undefined) return;
  const from = stationClock(station.timeZone, start);
  const to = stationClock(station.timeZone, end);
  const [order] = await db
    .insert(orders)
    .values({
      stationId,
      networkId: station.networkId,
      boxNumber: box,
      status: 'Booked',
      source: 'Own',
      orderType: 'SelfService',
      bookingStart: start,
      bookingEnd: end,
      driverId: client.id,
      phones: [{ redirection_phone: client.phone }],
      sum: price.totalAmount,
      sumBeforeDiscount: price.totalAmount,
      clientCar: {
        brand: car.brand,
        model: car.model,
        plate_number: car.plate_number ?? '',
        body_type: '',
        body_color: '',
        car_class: booking.category,
        category: booking.category,
      },
      basket: basketOf(price, tariff.id, slotId(from.date, from.time, to.time, station.slotDuration)),
    })
    .returning({ id: orders.id });
  await db.insert(onlineBookings).values({
    orderId: order!.id,
    stationId,
    tokenHash: sha256(booking.token),
    name: client.name,
    phone: client.phone,
    consentAt: now,
    consentVersion: 'online-booking-consent-2026-11',
    // The operator the consent named, as a booking made on the page records it.
    consentOperator: operator ? `${operator.name}, ИНН ${operator.inn}` : '',
    removalRequestedAt: removal ? now : null,
  });
}

/** The client's first car with a plate first. */
const withCarFirst = (c: DemoClient): DemoClient => ({
  ...c,
  cars: [...c.cars].sort((a, b) => Number(!!b.plate_number) - Number(!!a.plate_number)),
});

/**
 * Codes for every demo station, the page on at «Мойка на Ленина» only (with its phone and legal details),
 * and its two demo bookings.
 */
export async function seedDemoOnlineBooking(
  db: Database,
  stationIdsByCarwash: Record<string, string>,
  now: Date,
) {
  for (const [carwashId, code] of Object.entries(demoOnlineBooking.codes)) {
    const stationId = stationIdsByCarwash[carwashId];
    if (!stationId) continue;
    const enabled = (demoOnlineBooking.enabledAt as readonly string[]).includes(carwashId);
    const phone = demoOnlineBooking.phones[carwashId] ?? null;
    await db.insert(onlineBookingSettings).values({ stationId, code, enabled, phone });
  }
  const lenina = stationIdsByCarwash['100101'];
  if (!lenina) return;
  await db
    .update(stations)
    .set({ legalInfo: demoOnlineBooking.leninaLegal, legalUpdatedAt: now })
    .where(eq(stations.id, lenina));
  // Two of the demo's regular clients booked online (the client list keeps its size; cars have plates).
  const [network] = await db.select({ id: stations.networkId }).from(stations).where(eq(stations.id, lenina));
  const clients = (
    await db
      .select({ id: drivers.id, name: drivers.name, phone: drivers.phone, cars: drivers.cars })
      .from(drivers)
      .where(and(eq(drivers.networkId, network!.id), eq(drivers.deleted, false)))
      .orderBy(asc(drivers.createdAt), asc(drivers.id))
  ).filter((c) => c.cars.some((car) => car.plate_number));
  const [manage, removal] = clients.slice(-2);
  if (!manage || !removal) return;
  await seedBooking(db, lenina, demoOnlineBooking.bookings.manage, withCarFirst(manage), now, false);
  await seedBooking(db, lenina, demoOnlineBooking.bookings.removal, withCarFirst(removal), now, true);
}
