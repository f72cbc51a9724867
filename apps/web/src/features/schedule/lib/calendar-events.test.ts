import { describe, expect, it } from 'vitest';
import type { CalendarOrder } from '@crm/shared';
import { makeOrder } from '../testing/fixtures';
import { buildEvents, eventHeight } from './calendar-events';
import { placeDay } from './place-events';

const zone = 'Asia/Novosibirsk';
/** An order on 13 May 2026 between two Novosibirsk (UTC+7) times. */
const order = (start: string, end: string, over: Partial<CalendarOrder> = {}) =>
  makeOrder(
    new Date(`2026-05-13T${start}:00+07:00`).toISOString(),
    new Date(`2026-05-13T${end}:00+07:00`).toISOString(),
    over,
  );

describe('buildEvents', () => {
  it('describes an order on the station’s clock with its colour family and title', () => {
    const [event] = buildEvents([order('10:00', '10:45', { status: 'Accepted', id: 'o1' })], zone);
    expect(event).toMatchObject({
      id: 'o1',
      date: '2026-05-13',
      startMin: 600,
      endMin: 645,
      kind: 'accepted',
      title: 'Kia Rio',
      plate: 'А123ВС54',
      isWarning: true,
      clickable: true,
    });
  });

  it.each([
    ['Booked', 'booked'],
    ['Processing', 'processing'],
    ['Completed', 'completed'],
    ['Canceled', 'cancelled'],
    ['StationCanceled', 'cancelled'],
    ['UserCanceled', 'cancelled'],
  ] as const)('colours %s as %s', (status, kind) => {
    const [event] = buildEvents([order('10:00', '11:00', { status })], zone);
    expect(event!.kind).toBe(kind);
    expect(event!.isCancelled).toBe(kind === 'cancelled');
  });

  it('titles a self-booking «Самозапись»', () => {
    const [event] = buildEvents([order('10:00', '11:00', { order_type: 'SelfService' })], zone);
    expect(event!.title).toBe('Самозапись');
  });

  it('merges the rows of one blocked slot (one per box) into one block that opens nothing', () => {
    const rows = [3, 1, 2].map((box) =>
      order('12:00', '12:30', { id: `b${box}`, order_type: 'BlockerBookingSlot', box_number: box }),
    );
    const other = order('12:00', '13:00', { id: 'b9', order_type: 'BlockerBookingSlot', box_number: 4 });
    const events = buildEvents([...rows, other], zone);
    expect(events).toHaveLength(2);
    const merged = events.find((e) => e.id === 'b3')!;
    expect(merged).toMatchObject({
      kind: 'blocker',
      title: 'Слот заблокирован',
      clickable: false,
      boxes: [1, 2, 3],
      orderIds: ['b3', 'b1', 'b2'],
    });
  });

  it('draws an order past midnight to the end of its first day', () => {
    const late = makeOrder('2026-05-13T16:30:00.000Z', '2026-05-13T18:00:00.000Z'); // 23:30–01:00
    const [event] = buildEvents([late], zone);
    expect(event).toMatchObject({ date: '2026-05-13', startMin: 1410, endMin: 1440 });
  });
});

describe('event heights (S1 §2)', () => {
  it('keeps short orders readable: 28, 30 and 40 px minimums, natural height above', () => {
    expect(eventHeight(5, 80)).toBe(28);
    expect(eventHeight(15, 80)).toBe(30);
    expect(eventHeight(20, 80)).toBe(40);
    expect(eventHeight(30, 80)).toBe(40);
    expect(eventHeight(45, 80)).toBe(60);
    expect(eventHeight(120, 80)).toBe(160);
  });

  it('lays out short orders by the space they take on screen', () => {
    // 10:00–10:05 is drawn 28 px tall, past the start of a 10:15 order (20 px below it).
    const events = buildEvents([order('10:00', '10:05'), order('10:15', '10:45')], zone);
    const placed = placeDay(events, { startMin: 540, endMin: 1260 });
    expect(placed.map((p) => [p.top, p.height, p.column, p.columns])).toEqual([
      [80, 28, 0, 2],
      [100, 40, 1, 2],
    ]);
    expect(placed[0]!.group).toHaveLength(2);
  });
});
