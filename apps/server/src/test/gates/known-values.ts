import { orderPrice, slotId, type CarClass } from '@crm/shared';
import type { Database } from '../../db/client';
import { loadTariffConfig } from '../../modules/tariffs/tariffs.repository';
import type { TenantIds } from './demo-ids';
import { demoPartners } from '../../modules/demo/demo-partners';
import { onlineBookingKnownValues, publicBookingKnownValues } from './online-booking-known';

/** The car class a generated request names: the first of the schema's enum (example-value.ts). */
const exampleClass: CarClass = 'Mini';
const day = 24 * 60 * 60 * 1000;

/**
 * A Monday at least two weeks ahead at 07:00 UTC (10:00 at «Мойка на Ленина»): inside working hours,
 * past the demo's orders; `weeksAhead` more weeks on, so that callers can keep out of each other's slots.
 */
function bookingStart(weeksAhead: number): Date {
  const d = new Date(Date.now() + (14 + 7 * weeksAhead) * day);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7));
  d.setUTCHours(7, 0, 0, 0);
  return d;
}

/**
 * Values no schema can tell (zod refinements do not reach the document): the price and duration the
 * server checks a booking against, from the primary station's first own tariff, and a slot id that
 * matches the booking. Keyed by normalized field name (lower case, no `_`), like the other hints.
 */
export async function knownValues(
  db: Database,
  ids: TenantIds,
  weeksAhead = 0,
  /** The operation's path: the public booking page's calls get their own (online-booking-known.ts). */
  path = '',
): Promise<Record<string, unknown>> {
  const start = bookingStart(weeksAhead);
  const stationId = ids.station[0];
  const tariffId = ids.ownTariff[0];
  const config = stationId && tariffId ? await loadTariffConfig(db, stationId, tariffId) : null;
  const price = config ? orderPrice(config, exampleClass, []) : null;
  // The partner API (issue 36): the station by its id at the partner (the demo connects it under its
  // carwash id) and one partner order id, booked by the create call and read, cancelled, moved after it.
  const partner = {
    partnerstationid: ids.carwash[0],
    partnerorderid: 'gate-partner-order-1',
    // A registered partner (a station connects to it; the admin edits it).
    partnerid: demoPartners.yandex.id,
    // The online booking (issue 37): the demo's public code, a demo booking's manage token, and the
    // station's pending data-removal request.
    ...(await onlineBookingKnownValues(db, stationId)),
  };
  // The public page books within its days ahead, on a free start, by a tariff it offers.
  const page = path.startsWith('/api/public/') ? await publicBookingKnownValues(db, stationId, path) : {};
  if (!price) return { bookingstart: start.toISOString(), ...partner, ...page };
  const end = new Date(start.getTime() + price.totalDurationMinutes * 60_000);
  const halfHour = new Date(start.getTime() + 30 * 60_000);
  // Moscow is UTC+3 all year: the station-local times of the slot id.
  const local = (d: Date) => new Date(d.getTime() + 3 * 60 * 60_000).toISOString();
  return {
    bookingstart: start.toISOString(),
    bookingend: end.toISOString(),
    // The half hour the booking starts in, on the station's 30-minute grid: a slot the slot manager knows
    // (an id off the grid is a 404 there); order bodies may carry it too, the server works out its own.
    slotid: slotId(local(start).slice(0, 10), local(start).slice(11, 16), local(halfHour).slice(11, 16), 30),
    // The slot manager's day (`selected_date`, the whole-day toggle's `date`): the booking's local date.
    selecteddate: local(start).slice(0, 10),
    // A settings update keeps the demo's 30-minute grid, so the slot id above stays on it.
    slotduration: 30,
    date: local(start).slice(0, 10),
    // The shift plan's week (issue 39 §3): the booking's week.
    week: local(start).slice(0, 10),
    totalamount: price.totalAmount,
    includeserviceamount: price.includeServiceAmount,
    totaldurationminutes: price.totalDurationMinutes,
    additionalserviceamounts: {},
    // Money taken at completion (issue 10): more than 0 ₽, in steps of 50 ₽.
    sumcompleted: 500,
    ...partner,
    ...page,
  };
}
