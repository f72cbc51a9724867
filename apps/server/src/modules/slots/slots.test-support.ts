// Shared setup of the slot API tests (not a test file itself).
import { and, asc, eq } from 'drizzle-orm';
import type { Slot, SlotsResponse } from '@crm/shared';
import { orders } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { insertRawOrder } from '../orders/orders.test-support';

/**
 * Far-future days the demo data leaves empty. «Мойка на Ленина» works 08:00–22:00 Moscow time every day
 * (28 half-hour slots, 4 boxes); «Мойка на Садовой» is off on Sundays.
 */
export const monday = '2031-03-10';
export const tuesday = '2031-03-11';
export const sunday = '2031-03-16';

/** The instant of a Moscow wall-clock time on a day. */
export const moscow = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+03:00`);

/** The slot id of a Moscow half hour on 10 March 2031 («10:00» → 100331_1000_1030). */
export function mondaySlot(hhmm: string): string {
  const start = moscow(monday, hhmm);
  const end = new Date(start.getTime() + 30 * 60_000);
  const local = (d: Date) =>
    new Date(d.getTime() + 3 * 3_600_000).toISOString().slice(11, 16).replace(':', '');
  return `100331_${local(start)}_${local(end)}`;
}

export const flat = (groups: SlotsResponse['slots']): Slot[] => [
  ...groups.night,
  ...groups.morning,
  ...groups.day,
  ...groups.evening,
];

/** Partner orders on the given boxes for a Moscow half hour of a day (they skip the own-order rules). */
export async function occupy(t: TestApp, stationId: string, date: string, hhmm: string, boxes: number[]) {
  const start = moscow(date, hhmm);
  for (const box of boxes) {
    await insertRawOrder(t, {
      stationId,
      boxNumber: box,
      bookingStart: start,
      bookingEnd: new Date(start.getTime() + 30 * 60_000),
    });
  }
}

/** A blocker as the seed writes one, on each given box, from one Moscow time to another. */
export async function insertBlocker(
  t: TestApp,
  stationId: string,
  date: string,
  from: string,
  to: string,
  boxes: number[],
) {
  for (const box of boxes) {
    await insertRawOrder(t, {
      stationId,
      boxNumber: box,
      source: 'Own',
      orderType: 'BlockerBookingSlot',
      sum: 0,
      phones: [],
      bookingStart: moscow(date, from),
      bookingEnd: moscow(date, to),
    });
  }
}

/** The live blockers of a station as «box HH:mm–HH:mm» on the Moscow clock, by box and start. */
export async function blockerSpans(t: TestApp, stationId: string): Promise<string[]> {
  const rows = await t.db
    .select()
    .from(orders)
    .where(and(eq(orders.stationId, stationId), eq(orders.orderType, 'BlockerBookingSlot')))
    .orderBy(asc(orders.boxNumber), asc(orders.bookingStart));
  const hhmm = (d: Date) => new Date(d.getTime() + 3 * 3_600_000).toISOString().slice(11, 16);
  return rows
    .filter((r) => r.bookingStart >= moscow(monday, '00:00'))
    .map((r) => `${r.boxNumber} ${hhmm(r.bookingStart)}–${hhmm(r.bookingEnd)}`);
}
