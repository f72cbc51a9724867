import {
  manageTokenPattern,
  onlineBookingMessages as m,
  stationClock,
  workHoursError,
  workingWindow,
  type PublicBooking,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../plugins/errors';
import { cancelByClient, moveBooking } from '../orders/booking-changes';
import { tariffNames } from '../orders/orders.repository';
import type { OrderRow } from '../orders/order-dto';
import {
  bookingByTokenHash,
  requestRemoval,
  tokenHashOf,
  type BookingByToken,
} from './online-booking.repository';
import { changeDeadlineOf, isChangeable, publicBookingOf } from './public-booking-dto';
import { requireOfferedStart, slotTakenOnline, toMinute } from './public-booking.service';

/** A start on the station's slot grid of its day, the wash inside the work hours. */
function onGridInHours(station: BookingByToken['station'], start: Date, end: Date): boolean {
  if (workHoursError(station.worktimeByDay, station.timeZone, start, end)) return false;
  const clock = stationClock(station.timeZone, start);
  const window = workingWindow(station.worktimeByDay, clock.date);
  const [h, mm] = clock.time.split(':').map(Number);
  const step = station.slotDuration > 0 ? station.slotDuration : 30;
  return !!window && (h! * 60 + mm! - window.open) % step === 0;
}

export const bookingNotFound = () => notFound(m.bookingNotFound);
const cannotChange = () => new AppError(409, 'BOOKING_LOCKED', m.cannotChange);
const changeClosed = (cutoff: number) => new AppError(409, 'BOOKING_LOCKED', m.changeClosed(cutoff));

/**
 * The booking behind a manage token. A token of the wrong shape is the same 404 as an unknown one: the
 * page never learns more than «Запись не найдена».
 */
export async function bookingOfToken(db: Database, token: string): Promise<BookingByToken> {
  if (!manageTokenPattern.test(token)) throw bookingNotFound();
  const found = await bookingByTokenHash(db, tokenHashOf(token));
  if (!found) throw bookingNotFound();
  return found;
}

async function viewOf(db: Database, found: BookingByToken, order: OrderRow = found.order, now = new Date()) {
  const tariffId = order.basket.tariff_id;
  // The name the booking was made with (issue 38); looked up only for bookings older than that.
  const kept = order.basket.tariff_name;
  const names = tariffId && kept === undefined ? await tariffNames(db, [tariffId]) : {};
  const tariffName = kept ?? (tariffId ? (names[tariffId] ?? '') : '');
  return publicBookingOf({ ...found, order, tariffName }, now);
}

/** `GET /api/public/bookings/{token}`. */
export async function readPublicBooking(db: Database, token: string): Promise<PublicBooking> {
  return viewOf(db, await bookingOfToken(db, token));
}

/** 409 unless the booking may still change: waiting or booked, and before start − cut-off. */
function requireChangeable(found: BookingByToken, now: Date) {
  if (!isChangeable(found.order.status)) throw cannotChange();
  if (now.getTime() > changeDeadlineOf(found.order, found.settings.cancelCutoffMinutes).getTime()) {
    throw changeClosed(found.settings.cancelCutoffMinutes);
  }
}

const clientCancelNote = 'Отмена клиентом по ссылке онлайн-записи';

/**
 * `POST …/{token}/cancel`: the driver cancelled (UserCanceled, «Отмены клиентом», like a partner's
 * client), the box free at once, the staff told through the order event. A repeat answers the cancelled
 * booking.
 */
export async function cancelPublicBooking(
  db: Database,
  token: string,
  reason: string | undefined,
  now = new Date(),
): Promise<PublicBooking> {
  const found = await bookingOfToken(db, token);
  const { order } = found;
  if (order.status === 'UserCanceled') return viewOf(db, found);
  requireChangeable(found, now);
  const words = reason?.trim();
  const note = words ? `${clientCancelNote}: ${words}` : clientCancelNote;
  const updated = await cancelByClient(db, order, note, 'client', cannotChange);
  return viewOf(db, found, updated, now);
}

/**
 * `POST …/{token}/reschedule`: the same wash (its minutes kept) at another free start, through the
 * booking engine with the order's own place not counting as taken; the cut-off applies to the OLD start.
 */
export async function reschedulePublicBooking(
  db: Database,
  token: string,
  bookingStart: string,
  now = new Date(),
): Promise<PublicBooking> {
  const found = await bookingOfToken(db, token);
  const { order, station } = found;
  requireChangeable(found, now);
  const start = toMinute(bookingStart);
  const minutes = (order.bookingEnd.getTime() - order.bookingStart.getTime()) / 60_000;
  const end = new Date(start.getTime() + minutes * 60_000);
  // Its own place is free for itself: availability ignores no order, so check the new start apart.
  if (start.getTime() !== order.bookingStart.getTime()) {
    await requireOfferedStart(db, station, found.settings, start, minutes, now).catch(async (error) => {
      // Overlapping its own current time is no conflict: the engine below decides with exceptOrderId.
      if (!(error instanceof AppError && error.code === 'SLOT_TAKEN')) throw error;
      const overlapsItself = start < order.bookingEnd && end > order.bookingStart;
      if (!overlapsItself || !onGridInHours(station, start, end)) throw error;
    });
  }
  try {
    const updated = await moveBooking(db, order, station, start, 'client', cannotChange);
    return viewOf(db, found, updated, now);
  } catch (error) {
    if (error instanceof AppError && error.code === 'SLOT_TAKEN') throw slotTakenOnline();
    throw error;
  }
}

/** `POST …/{token}/forget`: the driver asks to remove his name and phone; the owner confirms (idempotent). */
export async function forgetPublicBooking(db: Database, token: string, now = new Date()) {
  const found = await bookingOfToken(db, token);
  await requestRemoval(db, found.booking.id, now);
  const booking = { ...found.booking, removalRequestedAt: found.booking.removalRequestedAt ?? now };
  return viewOf(db, { ...found, booking });
}
