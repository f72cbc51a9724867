import { describe, expect, it } from 'vitest';
import type { CalendarOrder } from '@crm/shared';
import { buildEvents } from './calendar-events';
import { markOutsideHours } from './outside-hours';

const order = (id: string, start: string, end: string, extra: Partial<CalendarOrder> = {}): CalendarOrder =>
  ({
    id,
    number: 10001,
    status: 'Booked',
    source: 'Own',
    order_type: 'Booking',
    booking_start: start,
    booking_end: end,
    box_number: 1,
    brand: 'Kia',
    model: 'Rio',
    plate_number: 'А123ВС77',
    sum: 0,
    ...extra,
  }) as CalendarOrder;

describe('markOutsideHours', () => {
  // Saturday 15 March 2031 in Moscow (UTC+3); the station works Saturdays 10:00–18:00.
  const worktime = { start_Saturday: '10:00', end_Saturday: '18:00' };

  it('marks live orders outside the hours, not those inside, finished, cancelled or blockers', () => {
    const events = buildEvents(
      [
        order('early', '2031-03-15T05:00:00Z', '2031-03-15T06:00:00Z'),
        order('noon', '2031-03-15T09:00:00Z', '2031-03-15T10:00:00Z'),
        order('sunday', '2031-03-16T08:00:00Z', '2031-03-16T09:00:00Z', { status: 'Processing' }),
        order('done', '2031-03-15T05:00:00Z', '2031-03-15T06:00:00Z', { status: 'Completed' }),
        order('gone', '2031-03-15T05:00:00Z', '2031-03-15T06:00:00Z', { status: 'StationCanceled' }),
        order('blocked', '2031-03-15T05:00:00Z', '2031-03-15T06:00:00Z', {
          order_type: 'BlockerBookingSlot',
        }),
      ],
      'Europe/Moscow',
    );
    const marked = markOutsideHours(events, worktime);
    const outside = marked.filter((e) => e.outsideHours).flatMap((e) => e.orderIds);
    expect(outside.sort()).toEqual(['early', 'sunday']);
  });

  it('returns the same list when nothing is outside', () => {
    const events = buildEvents(
      [order('noon', '2031-03-15T09:00:00Z', '2031-03-15T10:00:00Z')],
      'Europe/Moscow',
    );
    expect(markOutsideHours(events, worktime)).toBe(events);
  });
});

describe('markOutsideHours across midnight', () => {
  it('lets a round-the-clock week carry an order over midnight, but not a day that closes at 22:00', () => {
    const night = buildEvents(
      [order('night', '2031-03-15T20:30:00Z', '2031-03-15T21:30:00Z')], // 23:30–00:30 in Moscow
      'Europe/Moscow',
    );
    const allWeek = Object.fromEntries(
      ['Saturday', 'Sunday'].flatMap((d) => [
        [`start_${d}`, '00:00'],
        [`end_${d}`, '23:59'],
      ]),
    );
    expect(markOutsideHours(night, allWeek)[0]!.outsideHours).toBeUndefined();
    const closesAt22 = {
      start_Saturday: '08:00',
      end_Saturday: '22:00',
      start_Sunday: '08:00',
      end_Sunday: '22:00',
    };
    expect(markOutsideHours(night, closesAt22)[0]!.outsideHours).toBe(true);
    // Open round the clock on Saturday, but Sunday opens at 08:00: nothing carries the order past midnight.
    const sundayLater = { ...allWeek, start_Sunday: '08:00', end_Sunday: '22:00' };
    expect(markOutsideHours(night, sundayLater)[0]!.outsideHours).toBe(true);
    expect(markOutsideHours(night, {})).toBe(night);
  });
});
