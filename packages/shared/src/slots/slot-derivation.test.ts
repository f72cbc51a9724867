import { describe, expect, it } from 'vitest';
import { everyDay } from '../stations/worktime';
import type { WorktimeByDay } from '../stations/week';
import { daySlots, deriveSlots, slotInterval, workHoursError, type SlotDayInput } from './slot-derivation';

// 10 March 2031 is a Monday, 15 March a Saturday.
const monday = '2031-03-10';
const saturday = '2031-03-15';
const longAgo = new Date('2020-01-01T00:00:00Z');
const moscow = 'Europe/Moscow';
const novosibirsk = 'Asia/Novosibirsk';

function input(overrides: Partial<SlotDayInput> = {}): SlotDayInput {
  return {
    date: monday,
    timeZone: moscow,
    worktime: everyDay({ start: '10:00', end: '18:10' }),
    slotDuration: 30,
    boxNumbers: [1, 2],
    occupancy: [],
    now: longAgo,
    ...overrides,
  };
}

const at = (iso: string) => new Date(iso);

describe('daySlots', () => {
  it('steps from opening by the slot duration and cuts the last slot at closing', () => {
    const slots = daySlots(input())!;
    expect(slots).toHaveLength(17);
    expect(slots[0]).toMatchObject({
      id: '100331_1000_1030',
      start: '10:00',
      end: '10:30',
      dateStart: '2031-03-10T07:00:00.000Z',
      dateEnd: '2031-03-10T07:30:00.000Z',
      status: 'Free',
      free_boxes: 2,
      blocked_boxes: 0,
      busy_boxes: 0,
      past: false,
    });
    expect(slots.at(-1)).toMatchObject({ id: '100331_1800_1810', start: '18:00', end: '18:10' });
    expect(slots.at(-1)!.dateEnd).toBe('2031-03-10T15:10:00.000Z');
  });

  it('names a slot of an opening off the grid by its start rounded down, and keeps its real times', () => {
    const slots = daySlots(input({ worktime: everyDay({ start: '08:15', end: '10:00' }) }))!;
    expect(slots.map((s) => [s.start, s.end])).toEqual([
      ['08:15', '08:45'],
      ['08:45', '09:15'],
      ['09:15', '09:45'],
      ['09:45', '10:00'],
    ]);
    expect(slots.map((s) => s.id)).toEqual([
      '100331_0800_0845',
      '100331_0830_0915',
      '100331_0900_0945',
      '100331_0930_1000',
    ]);
    expect(slots[0]!.dateStart).toBe('2031-03-10T05:15:00.000Z');
  });

  it('uses the default 30 minutes when the station has no slot duration', () => {
    expect(daySlots(input({ slotDuration: 0 }))![0]!.end).toBe('10:30');
  });

  it('gives no slots on a day off or a day whose hours are broken', () => {
    const weekdaysOnly: WorktimeByDay = everyDay({ start: '10:00', end: '18:00' });
    delete weekdaysOnly.start_Saturday;
    delete weekdaysOnly.end_Saturday;
    expect(daySlots(input({ date: saturday, worktime: weekdaysOnly }))).toBeNull();
    expect(deriveSlots(input({ date: saturday, worktime: weekdaysOnly }))).toEqual({
      working: false,
      slots: { morning: [], day: [], evening: [], night: [] },
    });
    expect(daySlots(input({ worktime: everyDay({ start: '18:00', end: '10:00' }) }))).toBeNull();
  });

  it('lays out a round-the-clock day as 48 slots, the last one ending at the next midnight', () => {
    const slots = daySlots(input({ worktime: everyDay({ start: '00:00', end: '23:59' }) }))!;
    expect(slots).toHaveLength(48);
    expect(slots.at(-1)).toMatchObject({
      id: '100331_2330_0000',
      start: '23:30',
      end: '00:00',
      dateEnd: '2031-03-10T21:00:00.000Z',
    });
    const { slots: groups } = deriveSlots(input({ worktime: everyDay({ start: '00:00', end: '23:59' }) }));
    expect([groups.night.length, groups.morning.length, groups.day.length, groups.evening.length]).toEqual([
      12, 12, 12, 12,
    ]);
    expect(groups.evening[0]!.start).toBe('18:00');
    expect(groups.night.at(-1)!.start).toBe('05:30');
  });

  it("places the slots on the station's own clock: Novosibirsk is UTC+7", () => {
    const slots = daySlots(
      input({ timeZone: novosibirsk, worktime: everyDay({ start: '09:00', end: '21:00' }) }),
    )!;
    expect(slots[0]).toMatchObject({ id: '100331_0900_0930', dateStart: '2031-03-10T02:00:00.000Z' });
    expect(slots.at(-1)!.dateEnd).toBe('2031-03-10T14:00:00.000Z');
  });

  it('counts boxes: an order makes a box busy, a blocker blocked, and an order wins over a blocker', () => {
    const occupancy = [
      // 10:00–11:00 on box 1: an order.
      { box: 1, start: at('2031-03-10T07:00:00Z'), end: at('2031-03-10T08:00:00Z'), blocker: false },
      // 10:30–11:00 on box 2: a blocker; 11:00–11:30 both boxes blocked.
      { box: 2, start: at('2031-03-10T07:30:00Z'), end: at('2031-03-10T08:30:00Z'), blocker: true },
      { box: 1, start: at('2031-03-10T08:00:00Z'), end: at('2031-03-10T08:30:00Z'), blocker: true },
      // 11:30–12:00: box 1 has a blocker and an order (a partner booking flagged over it).
      { box: 1, start: at('2031-03-10T08:30:00Z'), end: at('2031-03-10T09:00:00Z'), blocker: true },
      { box: 1, start: at('2031-03-10T08:45:00Z'), end: at('2031-03-10T09:00:00Z'), blocker: false },
      { box: 2, start: at('2031-03-10T08:30:00Z'), end: at('2031-03-10T08:40:00Z'), blocker: false },
      // A removed box 3 does not count.
      { box: 3, start: at('2031-03-10T09:00:00Z'), end: at('2031-03-10T09:30:00Z'), blocker: false },
    ];
    const slots = daySlots(input({ occupancy }))!;
    const summary = slots
      .slice(0, 5)
      .map((s) => [s.start, s.status, s.free_boxes, s.blocked_boxes, s.busy_boxes]);
    expect(summary).toEqual([
      ['10:00', 'Free', 1, 0, 1],
      ['10:30', 'Blocked', 0, 1, 1],
      ['11:00', 'Blocked', 0, 2, 0],
      ['11:30', 'Busy', 0, 0, 2],
      ['12:00', 'Free', 2, 0, 0],
    ]);
  });

  it('touching is not overlapping: an order ending at 10:30 leaves the 10:30 slot free', () => {
    const occupancy = [
      { box: 1, start: at('2031-03-10T06:30:00Z'), end: at('2031-03-10T07:30:00Z'), blocker: false },
      { box: 2, start: at('2031-03-10T06:30:00Z'), end: at('2031-03-10T07:30:00Z'), blocker: false },
    ];
    const slots = daySlots(input({ occupancy }))!;
    expect(slots[0]!.status).toBe('Busy');
    expect(slots[1]!.status).toBe('Free');
  });

  it('marks a slot past once its start has come', () => {
    const slots = daySlots(input({ now: at('2031-03-10T07:30:00Z') }))!;
    expect(slots.map((s) => s.past).slice(0, 3)).toEqual([true, true, false]);
  });
});

describe('slotInterval', () => {
  it('reads the instants a slot id names on the station clock', () => {
    expect(slotInterval('100331_1000_1030', moscow)).toEqual({
      start: at('2031-03-10T07:00:00Z'),
      end: at('2031-03-10T07:30:00Z'),
    });
    expect(slotInterval('100331_1000_1030', novosibirsk)!.start).toEqual(at('2031-03-10T03:00:00Z'));
  });

  it('takes an end of 0000 as the next midnight', () => {
    expect(slotInterval('100331_2330_0000', moscow)).toEqual({
      start: at('2031-03-10T20:30:00Z'),
      end: at('2031-03-10T21:00:00Z'),
    });
  });

  it('refuses malformed ids and days that do not exist', () => {
    expect(slotInterval('10033_1000_1030', moscow)).toBeNull();
    expect(slotInterval('310231_1000_1030', moscow)).toBeNull();
  });
});

describe('workHoursError', () => {
  const weekdays: WorktimeByDay = everyDay({ start: '10:00', end: '18:00' });
  delete weekdays.start_Sunday;
  delete weekdays.end_Sunday;
  // Saturday 15 March 2031, Moscow: 10:00 is 07:00Z.
  const sat = (hhmm: string) => at(`2031-03-15T${hhmm}:00+03:00`);

  it('lets an order inside the hours through, edges included', () => {
    expect(workHoursError(weekdays, moscow, sat('10:00'), sat('10:30'))).toBeNull();
    expect(workHoursError(weekdays, moscow, sat('17:30'), sat('18:00'))).toBeNull();
  });

  it('names the day with its preposition and the hours when the order leaves them', () => {
    expect(workHoursError(weekdays, moscow, sat('09:30'), sat('10:30'))).toBe(
      'Станция работает в субботу с 10:00 до 18:00: выберите время в эти часы',
    );
    expect(workHoursError(weekdays, moscow, sat('17:45'), sat('18:15'))).toBe(
      'Станция работает в субботу с 10:00 до 18:00: выберите время в эти часы',
    );
    // Tuesday 11 March: «во вторник».
    expect(
      workHoursError(weekdays, moscow, at('2031-03-11T20:00:00+03:00'), at('2031-03-11T20:30:00+03:00')),
    ).toBe('Станция работает во вторник с 10:00 до 18:00: выберите время в эти часы');
  });

  it('refuses a day off', () => {
    expect(
      workHoursError(weekdays, moscow, at('2031-03-16T12:00:00+03:00'), at('2031-03-16T12:30:00+03:00')),
    ).toBe('Воскресенье — выходной день станции: выберите другой день');
  });

  it("judges by the station's clock: 03:30Z is 10:30 in Novosibirsk", () => {
    expect(
      workHoursError(weekdays, novosibirsk, at('2031-03-15T03:30:00Z'), at('2031-03-15T04:00:00Z')),
    ).toBeNull();
    expect(
      workHoursError(weekdays, moscow, at('2031-03-15T03:30:00Z'), at('2031-03-15T04:00:00Z')),
    ).not.toBeNull();
  });

  it('lets a round-the-clock station take an order across midnight, but not into a day off', () => {
    const allDay = everyDay({ start: '00:00', end: '23:59' });
    const lateSat = at('2031-03-15T23:30:00+03:00');
    const earlySun = at('2031-03-16T00:30:00+03:00');
    expect(workHoursError(allDay, moscow, lateSat, earlySun)).toBeNull();
    const noSunday = { ...allDay };
    delete noSunday.start_Sunday;
    delete noSunday.end_Sunday;
    expect(workHoursError(noSunday, moscow, lateSat, earlySun)).toBe(
      'Станция работает в субботу с 00:00 до 23:59: выберите время в эти часы',
    );
    expect(
      workHoursError(noSunday, moscow, at('2031-03-15T23:30:00+03:00'), at('2031-03-16T00:00:00+03:00')),
    ).toBeNull();
  });

  it('does not restrict a station whose schedule is not set up', () => {
    expect(workHoursError({}, moscow, sat('03:00'), sat('04:00'))).toBeNull();
  });
});
