import { describe, expect, it } from 'vitest';
import type { CalendarOrder } from '@crm/shared';
import { makeOrder } from '../testing/fixtures';
import { buildEvents } from './calendar-events';
import { hourLoad, isMovable, layoutCalendar, mergeCrowds, placeLanes } from './lanes';
import { placeDay } from './place-events';

const zone = 'Asia/Novosibirsk';
const range = { startMin: 9 * 60, endMin: 21 * 60 };
const order = (start: string, end: string, over: Partial<CalendarOrder> = {}) =>
  makeOrder(
    new Date(`2026-05-13T${start}:00+07:00`).toISOString(),
    new Date(`2026-05-13T${end}:00+07:00`).toISOString(),
    over,
  );
const ids = (lane: { placed: { event: { id: string } }[] }) => lane.placed.map((p) => p.event.id);

describe('placeLanes', () => {
  it('puts each order in its box lane, full width, a blocked slot in every box it covers', () => {
    const events = buildEvents(
      [
        order('10:00', '11:00', { id: 'a', box_number: 1 }),
        // The same time on another box: side by side in two lanes, not squeezed into one column.
        order('10:00', '11:00', { id: 'b', box_number: 3 }),
        order('12:00', '12:30', { id: 'x1', box_number: 2, order_type: 'BlockerBookingSlot' }),
        order('12:00', '12:30', { id: 'x2', box_number: 4, order_type: 'BlockerBookingSlot' }),
      ],
      zone,
    );
    const { lanes, cancelled } = placeLanes(events, [1, 2, 3, 4], range);
    expect(lanes.map((l) => l.box)).toEqual([1, 2, 3, 4]);
    expect(lanes.map(ids)).toEqual([['a'], ['x1'], ['b'], ['x1']]);
    expect(lanes[0]!.placed[0]).toMatchObject({ column: 0, columns: 1, top: 80, height: 80 });
    expect(lanes[3]!.placed[0]!.event.boxes).toEqual([4]);
    expect(cancelled).toEqual([]);
  });

  it('keeps cancelled orders out of the lanes, and gives an unknown box its own lane', () => {
    const events = buildEvents(
      [
        order('10:00', '11:00', { id: 'gone', status: 'UserCanceled', box_number: 1 }),
        order('10:00', '11:00', { id: 'live', box_number: 1 }),
        order('11:00', '11:30', { id: 'stray', box_number: 7 }),
      ],
      zone,
    );
    const { lanes, cancelled } = placeLanes(events, [1, 2], range);
    expect(lanes.map((l) => [l.box, ids(l)])).toEqual([
      [1, ['live']],
      [2, []],
      [7, ['stray']],
    ]);
    expect(cancelled.map((e) => e.id)).toEqual(['gone']);
  });

  it('splits a data anomaly (two live orders on one box at once) into columns inside the lane', () => {
    const events = buildEvents(
      [order('10:00', '11:00', { id: 'a' }), order('10:30', '11:30', { id: 'b' })],
      zone,
    );
    const [lane] = placeLanes(events, [1], range).lanes;
    expect(lane!.placed.map((p) => [p.column, p.columns])).toEqual([
      [0, 2],
      [1, 2],
    ]);
  });
});

describe('hourLoad', () => {
  it('counts the boxes busy in each hour, ignoring cancelled orders', () => {
    const events = buildEvents(
      [
        order('09:00', '10:30', { box_number: 1 }),
        order('09:30', '10:00', { box_number: 2 }),
        order('09:00', '09:30', { box_number: 2 }),
        order('10:00', '11:00', { box_number: 3, status: 'Canceled' }),
        order('20:30', '21:00', { box_number: 1, order_type: 'BlockerBookingSlot' }),
      ],
      zone,
    );
    const load = hourLoad(events, range);
    expect(load).toHaveLength(12);
    expect(load.slice(0, 3)).toEqual([2, 1, 0]);
    expect(load[11]).toBe(1);
  });
});

describe('isMovable', () => {
  it('lets only own live orders move: not partners, blockers, completed or cancelled', () => {
    const [own, yandex, blocker, done, cancelled, processing] = buildEvents(
      [
        order('09:00', '09:30', { id: '1' }),
        order('10:00', '10:30', { id: '2', source: 'Yandex' }),
        order('11:00', '11:30', { id: '3', order_type: 'BlockerBookingSlot' }),
        order('12:00', '12:30', { id: '4', status: 'Completed' }),
        order('13:00', '13:30', { id: '5', status: 'StationCanceled' }),
        order('14:00', '14:30', { id: '6', status: 'Processing' }),
      ],
      zone,
    );
    expect([own, yandex, blocker, done, cancelled, processing].map((e) => isMovable(e!))).toEqual([
      true,
      false,
      false,
      false,
      false,
      true,
    ]);
  });
});

describe('layoutCalendar', () => {
  it('draws the week without cancelled orders, with the load of everything loaded', () => {
    const all = buildEvents(
      [
        order('10:00', '11:00', { id: 'a' }),
        order('10:00', '11:00', { id: 'c', status: 'Canceled', box_number: 2 }),
      ],
      zone,
    );
    // The filter hides `a`; its box is still busy.
    const shown = all.filter((e) => e.id === 'c');
    const week = layoutCalendar('week', shown, all, ['2026-05-13'], range, [1, 2]);
    expect(week.placed.get('2026-05-13')).toEqual([]);
    expect(week.load?.byDate.get('2026-05-13')?.[1]).toBe(1);
    expect(week.load?.boxes).toBe(2);
    const day = layoutCalendar('day', all, all, ['2026-05-13'], range, [1, 2]);
    expect(day.lanes?.cancelled.map((e) => e.id)).toEqual(['c']);
    expect(day.lanes?.lanes.map(ids)).toEqual([['a'], []]);
  });
});

describe('mergeCrowds', () => {
  it('draws three or more side-by-side orders of the week as one full-width block listing them', () => {
    const events = buildEvents(
      [
        order('09:30', '10:00', { id: 'a', box_number: 1 }),
        order('09:30', '10:00', { id: 'b', box_number: 2 }),
        order('09:30', '10:30', { id: 'c', box_number: 3 }),
        // Two side by side stay as they are: a week column fits two cars.
        order('12:00', '12:30', { id: 'd', box_number: 1 }),
        order('12:00', '12:30', { id: 'e', box_number: 2 }),
      ],
      zone,
    );
    const merged = mergeCrowds(placeDay(events, range));
    expect(merged.map((p) => [p.event.id, p.crowd ?? false, p.columns])).toEqual([
      ['c', true, 1],
      ['d', false, 2],
      ['e', false, 2],
    ]);
    const crowd = merged[0]!;
    expect(crowd.group.map((e) => e.id).sort()).toEqual(['a', 'b', 'c']);
    expect([crowd.top, crowd.height]).toEqual([40, 80]);
  });

  it('cuts a crowd longer than three hours into blocks by start time, each ending where the next begins', () => {
    const events = buildEvents(
      [
        order('09:00', '13:00', { id: 'a', box_number: 1 }),
        order('09:00', '09:30', { id: 'b', box_number: 2 }),
        order('09:00', '09:30', { id: 'c', box_number: 3 }),
        order('12:30', '13:00', { id: 'd', box_number: 2 }),
        order('12:30', '13:00', { id: 'e', box_number: 3 }),
      ],
      zone,
    );
    const merged = mergeCrowds(placeDay(events, range));
    expect(merged.map((p) => [p.group.map((e) => e.id).sort(), p.crowd, p.columns, p.top, p.height])).toEqual(
      [
        // 09:00 is the grid's top; the first block stops at 12:30 (280 px), where the second begins.
        [['a', 'b', 'c'], true, 1, 0, 280],
        [['d', 'e'], true, 1, 280, 40],
      ],
    );
  });
});
