import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  basketOf,
  onlineBookingMessages as m,
  slotId,
  stationClock,
  type OrderStatus,
  type PublicBookingCreated,
  type publicBookingCreateSchema,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../plugins/errors';
import { countHit } from '../../plugins/rate-limit-store';
import { findActiveByPhone, insertDriver, lockPhone } from '../drivers/drivers.repository';
import { recordOrderEvent } from '../events/order-event-bus';
import { placeOrder } from '../orders/booking';
import { insertOrder, type Tx } from '../orders/orders.repository';
import { loadFreeStartTimes } from '../slots/availability';
import {
  insertOnlineBooking,
  lockStationPhone,
  newManageToken,
  openBookingsOf,
  stationByCode,
  tokenHashOf,
  type OnlineBookingSettingsRow,
  type StationRow,
} from './online-booking.repository';
import { publicBookingOf } from './public-booking-dto';
import {
  bookingOpen,
  bookingUnavailable,
  bookingWindow,
  offeredWash,
  operatorOf,
  pageNotFound,
} from './public-station';

type BookingInput = z.output<typeof publicBookingCreateSchema>;

/** The consent text the page shows (apps/web book page); a new wording gets a new version. */
export const consentVersion = 'online-booking-consent-2026-11';

/** Bookings one phone may try per hour at all stations, on top of the per-IP limit of the route. */
export const phoneAttemptsPerHour = 6;

export const slotTakenOnline = () => new AppError(409, 'SLOT_TAKEN', m.slotTaken);
export const honeypotRefusal = () => new AppError(400, 'VALIDATION_FAILED', 'Проверьте данные формы');

/** Instants to the minute, as own orders are (order-write.ts). */
export const toMinute = (iso: string) => new Date(Math.floor(Date.parse(iso) / 60_000) * 60_000);

/** The phone's rate-limit key: hashed, so the counters table holds no phone numbers. */
const phoneKey = (phone: string) =>
  `public-booking-phone|${createHash('sha256').update(phone).digest('hex').slice(0, 32)}`;

/**
 * The start must be one the page would offer: free on the slot grid of its day (the one availability
 * function, DESIGN §9), after the notice, within the days ahead. Notice and distance are 400s on the
 * field; a start that is not free is the 409 the page answers with fresh times.
 */
export async function requireOfferedStart(
  db: Database,
  station: StationRow,
  settings: OnlineBookingSettingsRow,
  start: Date,
  durationMinutes: number,
  now: Date,
  field = 'booking_start',
) {
  const window = bookingWindow(station, settings, now);
  if (start.getTime() < window.earliest.getTime()) throw window.tooSoon(field);
  const date = stationClock(station.timeZone, start).date;
  if (date > window.lastDate) throw window.tooFar(field);
  const free = await loadFreeStartTimes(db, station, date, durationMinutes, now);
  if (!free.some((t) => t.getTime() === start.getTime())) throw slotTakenOnline();
}

/** The driver in «Клиенты» of the network by phone, made when new; under the phone's lock (as the form). */
async function driverFor(tx: Tx, networkId: string, input: BookingInput): Promise<string> {
  const db = tx as unknown as Database;
  await lockPhone(db, networkId, input.phone);
  const found = await findActiveByPhone(db, networkId, input.phone);
  if (found) return found.id;
  const car = input.car.brand ? [{ brand: input.car.brand, model: input.car.model }] : [];
  const made = await insertDriver(db, { networkId, name: input.name, phone: input.phone, cars: car });
  return made.id;
}

/**
 * `POST /api/public/book/{code}/bookings`: a «Самозапись» through the booking engine and the exclusion
 * constraint like every order (DESIGN §6, §9), in one transaction with the driver, the booking record
 * and the order event (which reaches open screens and the push/Telegram outbox). Booked at once when
 * the station auto-accepts, else Accepted: it waits for «Принять».
 */
export async function createPublicBooking(
  db: Database,
  code: string,
  input: BookingInput,
  now = new Date(),
): Promise<PublicBookingCreated> {
  const found = await stationByCode(db, code);
  if (!found) throw pageNotFound();
  const { station, settings } = found;
  if (!bookingOpen(station, settings)) throw bookingUnavailable();
  const wash = await offeredWash(
    db,
    station,
    settings,
    { tariffId: input.tariff_id, category: input.car.category, services: input.services },
    { tariff: 'tariff_id', category: 'car.category', services: 'services' },
  );
  const attempts = await countHit(db, phoneKey(input.phone), 60 * 60_000);
  if (attempts.current > phoneAttemptsPerHour) throw new AppError(429, 'RATE_LIMITED', m.rateLimited);

  const start = toMinute(input.booking_start);
  const { price } = wash;
  const end = new Date(start.getTime() + price.totalDurationMinutes * 60_000);
  await requireOfferedStart(db, station, settings, start, price.totalDurationMinutes, now);

  const status: OrderStatus = station.autoacceptBooking ? 'Booked' : 'Accepted';
  const from = stationClock(station.timeZone, start);
  const to = stationClock(station.timeZone, end);
  const token = newManageToken();
  const operator = operatorOf(station.legalInfo);
  try {
    return await placeOrder(db, { stationId: station.id, start, end }, async (tx, box) => {
      await lockStationPhone(tx, station.id, input.phone);
      if ((await openBookingsOf(tx, station.id, input.phone, now)) >= settings.maxOpenPerPhone) {
        throw new AppError(409, 'CONFLICT', m.tooManyOpen(settings.maxOpenPerPhone), {
          phone: m.tooManyOpen(settings.maxOpenPerPhone),
        });
      }
      const driverId = await driverFor(tx, station.networkId, input);
      const order = await insertOrder(tx, {
        stationId: station.id,
        networkId: station.networkId,
        boxNumber: box,
        status,
        source: 'Own',
        orderType: 'SelfService',
        bookingStart: start,
        bookingEnd: end,
        driverId,
        phones: [{ redirection_phone: input.phone }],
        sum: price.totalAmount,
        sumBeforeDiscount: price.totalAmount,
        paymentMethod: 'not_paid',
        clientCar: {
          brand: input.car.brand,
          model: input.car.model,
          plate_number: '',
          body_type: '',
          body_color: '',
          car_class: input.car.category,
          category: input.car.category,
        },
        basket: basketOf(price, input.tariff_id, slotId(from.date, from.time, to.time, station.slotDuration)),
        createdBy: null,
      });
      const booking = await insertOnlineBooking(tx, {
        orderId: order.id,
        stationId: station.id,
        tokenHash: tokenHashOf(token),
        name: input.name,
        phone: input.phone,
        consentAt: now,
        consentVersion,
        consentOperator: operator ? `${operator.name}, ИНН ${operator.inn}` : '',
      });
      await recordOrderEvent(
        tx,
        { type: 'order.created', station_id: station.id, order_id: order.id, status },
        { action: 'created', fromStatus: null, actor: { kind: 'client', userId: null }, source: 'Own' },
      );
      const view = publicBookingOf(
        { booking, order, station, settings, tariffName: wash.config.price.name },
        now,
      );
      return { booking: view, manage_token: token };
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'SLOT_TAKEN') throw slotTakenOnline();
    throw error;
  }
}
