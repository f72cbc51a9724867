import type { z } from 'zod';
import {
  stationClock,
  type PublicAvailability,
  type PublicStationCard,
  type publicAvailabilityQuerySchema,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { loadFreeStartTimes } from '../slots/availability';
import { stationByCode } from './online-booking.repository';
import {
  bookingOpen,
  bookingUnavailable,
  bookingWindow,
  offeredWash,
  pageNotFound,
  stationCard,
} from './public-station';

type AvailabilityQuery = z.output<typeof publicAvailabilityQuerySchema>;

async function requireCode(db: Database, code: string) {
  const found = await stationByCode(db, code);
  if (!found) throw pageNotFound();
  return found;
}

/** `GET /api/public/book/{code}`. */
export async function publicStationCard(
  db: Database,
  code: string,
  now = new Date(),
): Promise<PublicStationCard> {
  const { station, settings } = await requireCode(db, code);
  return stationCard(db, station, settings, now);
}

/** `services=a,b`: the keys, blanks dropped. */
export const servicesOf = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * `GET /api/public/book/{code}/availability`: the one availability function (`loadFreeStartTimes`, DESIGN
 * §9) for the wash's minutes, then only what the page may offer: after the notice, within the days ahead.
 */
export async function publicAvailability(
  db: Database,
  code: string,
  query: AvailabilityQuery,
  now = new Date(),
): Promise<PublicAvailability> {
  const { station, settings } = await requireCode(db, code);
  if (!bookingOpen(station, settings)) throw bookingUnavailable();
  const { price } = await offeredWash(
    db,
    station,
    settings,
    { tariffId: query.tariff_id, category: query.car_category, services: servicesOf(query.services) },
    { tariff: 'tariff_id', category: 'car_category', services: 'services' },
  );
  const window = bookingWindow(station, settings, now);
  if (query.date > window.lastDate) throw window.tooFar('date');
  const today = stationClock(station.timeZone, now).date;
  const starts =
    query.date < today
      ? []
      : (await loadFreeStartTimes(db, station, query.date, price.totalDurationMinutes, now)).filter(
          (start) => start.getTime() >= window.earliest.getTime(),
        );
  return {
    date: query.date,
    time_zone: station.timeZone,
    price: price.totalAmount,
    duration_minutes: price.totalDurationMinutes,
    start_times: starts.map((s) => s.toISOString()),
  };
}
