import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { addDays, carClasses, stationClock } from '@crm/shared';
import type { Database } from '../../db/client';
import { onlineBookings, onlineBookingSettings, stations } from '../../db/schema';
import { demoOnlineBooking } from '../../modules/demo/demo-online-booking';
import { createPublicBooking } from '../../modules/online-booking/public-booking.service';
import { bookingWindow, offeredTariffs } from '../../modules/online-booking/public-station';
import { loadFreeStartTimes } from '../../modules/slots/availability';

/**
 * Known values of the online-booking routes (issue 37), keyed like the other hints: the public code of
 * the tenant's primary station (a rival's station has its own), the demo's fixed manage token (of
 * «Мойка на Ленина»'s upcoming booking) and a pending data-removal request of the station.
 */
export async function onlineBookingKnownValues(
  db: Database,
  stationId: string | undefined,
): Promise<Record<string, unknown>> {
  if (!stationId) return {};
  const [settings] = await db
    .select({ code: onlineBookingSettings.code })
    .from(onlineBookingSettings)
    .where(eq(onlineBookingSettings.stationId, stationId));
  const [request] = await db
    .select({ id: onlineBookings.id })
    .from(onlineBookings)
    .where(
      and(
        eq(onlineBookings.stationId, stationId),
        isNotNull(onlineBookings.removalRequestedAt),
        isNull(onlineBookings.removedAt),
      ),
    )
    .limit(1);
  return {
    ...(settings ? { bookingcode: settings.code } : {}),
    managetoken: demoOnlineBooking.bookings.manage.token,
    ...(request ? { requestid: request.id } : {}),
  };
}

/** The car category a generated request names: the first of the schema's enum (example-value.ts). */
const exampleCategory = carClasses[0];

let fixturePhones = 0;
/** A phone of the gate's own bookings (its open-bookings and per-phone limits apart from the fuzz's). */
const fixturePhone = () =>
  `+7999${String(process.pid % 1000).padStart(3, '0')}${String(++fixturePhones).padStart(4, '0')}`;

/**
 * The public calls' values no schema can tell (issue 37), from the station's state when the operation's
 * turn comes (the fuzz of the owner's settings and of the station ran before and may have changed the
 * tariffs offered, the notice, the days ahead): an offered own tariff priced in the example category, a
 * free start within the window and its day, an empty honeypot. The page is switched back on first, with
 * the defaults (the settings' fuzz may have left it off, or with a notice past the days ahead and
 * a cut-off that locks every booking: then no valid request could succeed). A move or a cancel
 * gets a booking of its own, made here, so it does not depend on which of them the fuzz ran first; a move
 * goes to another free start.
 */
export async function publicBookingKnownValues(
  db: Database,
  stationId: string | undefined,
  path: string,
  now = new Date(),
): Promise<Record<string, unknown>> {
  if (!stationId) return {};
  // The settings' fuzz leaves whatever it drew last (a week's notice with two days ahead offers no time
  // at all; a long cut-off locks every booking): back to the defaults, every tariff and service.
  await db
    .update(onlineBookingSettings)
    .set({
      enabled: true,
      minNoticeMinutes: 60,
      cancelCutoffMinutes: 60,
      maxOpenPerPhone: 2,
      tariffIds: null,
      serviceKeys: null,
    })
    .where(eq(onlineBookingSettings.stationId, stationId));
  await db
    .update(stations)
    .set({ enable: true, daysToAlive: sql`greatest(${stations.daysToAlive}, 7)` })
    .where(eq(stations.id, stationId));
  const [station] = await db.select().from(stations).where(eq(stations.id, stationId));
  const [settings] = await db
    .select()
    .from(onlineBookingSettings)
    .where(eq(onlineBookingSettings.stationId, stationId));
  if (!station || !settings) return {};
  const offered = await offeredTariffs(db, stationId, settings);
  const tariff = offered.find((t) => t.tariff.prices[exampleCategory])?.tariff;
  if (!tariff) return { website: '' };
  const minutes = tariff.prices[exampleCategory]!.duration_minutes;
  const window = bookingWindow(station, settings, now);
  // Free starts from tomorrow on (today's may pass the notice while the operation runs), up to four.
  const starts: Date[] = [];
  const today = stationClock(station.timeZone, now).date;
  for (let date = addDays(today, 1); date <= window.lastDate && starts.length < 4; date = addDays(date, 1)) {
    const free = await loadFreeStartTimes(db, station, date, minutes, now);
    starts.push(...free.filter((s) => s.getTime() >= window.earliest.getTime()).slice(0, 4 - starts.length));
  }
  const [first, second] = starts;
  const known: Record<string, unknown> = {
    tariffid: tariff.id,
    website: '',
    // The owner's preview flag (`?preview=1`): the gate's requests are the owner's, so it holds.
    preview: '1',
    ...(path.endsWith('/bookings') ? { services: [] } : { services: '' }),
  };
  if (!first) return known;
  known.bookingstart = first.toISOString();
  known.date = stationClock(station.timeZone, first).date;
  if (/\/(cancel|reschedule)$/.test(path) && second) {
    const made = await createPublicBooking(
      db,
      settings.code,
      {
        name: 'Гейт',
        phone: fixturePhone(),
        car: { brand: '', model: '', category: exampleCategory },
        tariff_id: tariff.id,
        services: [],
        booking_start: first.toISOString(),
        consent: true,
      },
      now,
    );
    known.managetoken = made.manage_token;
    known.bookingstart = second.toISOString();
  }
  return known;
}
