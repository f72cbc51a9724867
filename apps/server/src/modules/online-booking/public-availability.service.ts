import type { z } from 'zod';
import {
  stationClock,
  type PublicAvailability,
  type PublicStationCard,
  type publicAvailabilityQuerySchema,
} from '@crm/shared';
import type { Database } from '../../db/client';
import type { Auth } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { loadFreeStartTimes } from '../slots/availability';
import { loadStationForCaller, requirePosition } from '../stations/station-access';
import { settingsReaders } from './online-booking-settings.service';
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

/**
 * Whether `?preview=1` holds for this caller: a staff session that may read the station's «Онлайн-запись»
 * settings (the rule of `GET /api/station/{stationId}/online-booking`). Anyone else (no session, another
 * network, a worker) gets false and so the very answer a driver gets: the flag leaks nothing, no 403/404.
 */
async function mayPreview(db: Database, caller: Auth | null, stationId: string) {
  if (!caller) return false;
  try {
    requirePosition(await loadStationForCaller(db, caller, stationId), settingsReaders);
    return true;
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 403 || error.statusCode === 404)) return false;
    throw error;
  }
}

/**
 * `GET /api/public/book/{code}`. `previewBy`: the session of a `?preview=1` call; when it may read the
 * station's settings, the card is the one drivers would see with the page on, marked `preview`.
 */
export async function publicStationCard(
  db: Database,
  code: string,
  now = new Date(),
  previewBy: Auth | null = null,
): Promise<PublicStationCard> {
  const { station, settings } = await requireCode(db, code);
  const preview = await mayPreview(db, previewBy, station.id);
  return stationCard(db, station, settings, now, preview);
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
  previewBy: Auth | null = null,
): Promise<PublicAvailability> {
  const { station, settings } = await requireCode(db, code);
  const open = bookingOpen(station, settings) || (await mayPreview(db, previewBy, station.id));
  if (!open) throw bookingUnavailable();
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
