import { describe, expect, it } from 'vitest';
import { fromMinutes, parseTimeInput, toMinutes } from './time-of-day';

describe('parseTimeInput (S1 §5 manual time entry)', () => {
  it.each([
    ['09:30', '09:30'],
    ['9:30', '09:30'],
    ['0930', '09:30'],
    ['930', '09:30'],
    ['2359', '23:59'],
    ['00:00', '00:00'],
    [' 14:05 ', '14:05'],
  ])('accepts %s as %s', (raw, expected) => {
    expect(parseTimeInput(raw)).toBe(expected);
  });

  it.each(['24:00', '12:60', '2400', '99', '', 'ab:cd', '12:5', '123456', '-1:00'])('rejects %j', (raw) => {
    expect(parseTimeInput(raw)).toBeNull();
  });
});

describe('minutes conversion', () => {
  it('round-trips every minute of the day', () => {
    for (let m = 0; m < 24 * 60; m += 7) expect(toMinutes(fromMinutes(m))).toBe(m);
  });
  it('pads hours and minutes', () => {
    expect(fromMinutes(65)).toBe('01:05');
    expect(toMinutes('22:00')).toBe(1320);
  });
});
