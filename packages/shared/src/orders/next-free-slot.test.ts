import { describe, expect, it } from 'vitest';
import { nextFreeSlot, workingMinutes, type FreeSlotQuery } from './next-free-slot';

const h = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
const range = (start: string, end: string) => ({ startMin: h(start), endMin: h(end) });

/** 09:00–21:00, 30-minute slots, two boxes, nothing booked, another day. */
const query = (over: Partial<FreeSlotQuery> = {}): FreeSlotQuery => ({
  hours: range('09:00', '21:00'),
  slotMinutes: 30,
  boxes: [1, 2],
  busy: {},
  now: null,
  ...over,
});

describe('nextFreeSlot', () => {
  it('starts another day at its opening', () => {
    expect(nextFreeSlot(query())).toBe(h('09:00'));
  });

  it('today: the first slot not in the past, counted from the opening', () => {
    expect(nextFreeSlot(query({ now: h('10:10') }))).toBe(h('10:30'));
    expect(nextFreeSlot(query({ now: h('10:30') }))).toBe(h('10:30'));
    expect(nextFreeSlot(query({ now: h('07:45') }))).toBe(h('09:00'));
    expect(nextFreeSlot(query({ hours: range('09:15', '21:00'), now: h('10:00') }))).toBe(h('10:15'));
  });

  it('skips slots where every box is taken, partly or wholly', () => {
    const busy = {
      1: [range('09:00', '10:00'), range('10:00', '10:40')],
      2: [range('08:00', '10:15')],
    };
    // 09:00 and 09:30: both taken; 10:00: box 1 until 10:40, box 2 until 10:15; 10:30: box 2 is free.
    expect(nextFreeSlot(query({ busy }))).toBe(h('10:30'));
  });

  it('one free box is enough', () => {
    expect(nextFreeSlot(query({ busy: { 1: [range('09:00', '21:00')] } }))).toBe(h('09:00'));
  });

  it('ignores orders of boxes the station does not have', () => {
    expect(nextFreeSlot(query({ boxes: [1], busy: { 2: [range('09:00', '21:00')] } }))).toBe(h('09:00'));
  });

  it('keeps the whole slot inside the working hours', () => {
    expect(nextFreeSlot(query({ hours: range('09:00', '10:45'), now: h('10:01') }))).toBeNull();
    expect(
      nextFreeSlot(
        query({ slotMinutes: 60, busy: { 1: [range('09:00', '21:00')], 2: [range('09:30', '21:00')] } }),
      ),
    ).toBeNull();
  });

  it('has nothing to offer on a day off, a full or finished day, or without boxes', () => {
    expect(nextFreeSlot(query({ hours: null }))).toBeNull();
    const full = { startMin: 0, endMin: 1440 };
    expect(nextFreeSlot(query({ busy: { 1: [full], 2: [full] } }))).toBeNull();
    expect(nextFreeSlot(query({ now: h('21:00') }))).toBeNull();
    expect(nextFreeSlot(query({ boxes: [] }))).toBeNull();
  });

  it('takes the default 30-minute slot when the station has none', () => {
    expect(nextFreeSlot(query({ slotMinutes: 0, now: h('09:01') }))).toBe(h('09:30'));
  });
});

describe('workingMinutes', () => {
  it('reads HH:mm hours, 23:59 as the end of the day, a day off as null', () => {
    expect(workingMinutes({ start: '08:30', end: '20:00' })).toEqual(range('08:30', '20:00'));
    expect(workingMinutes({ start: '00:00', end: '23:59' })).toEqual({ startMin: 0, endMin: 1440 });
    expect(workingMinutes(null)).toBeNull();
  });
});
