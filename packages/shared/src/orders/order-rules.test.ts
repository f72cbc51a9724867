import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatOrderPhone,
  formatRub,
  isValidAmount,
  isValidPlate,
  normalizePlate,
  parseSlotId,
  slotId,
} from './order-rules';

describe('plate number (S1 §5)', () => {
  it.each(['А123ВС77', 'А123ВС777', 'Х001ХХ99', 'М999ОР199'])('accepts %s', (plate) => {
    expect(isValidPlate(plate)).toBe(true);
  });

  it.each([
    ['А123ВС7', 'region of one digit'],
    ['А123ВС7777', 'region of four digits'],
    ['А12ВС77', 'two digits'],
    ['АА123В77', 'letters in the wrong places'],
    ['Б123ВС77', 'a letter with no Latin twin'],
    ['A123BC77', 'Latin letters'],
    ['', 'empty'],
  ])('rejects %j (%s)', (plate) => {
    expect(isValidPlate(plate)).toBe(false);
  });

  it('uppercases, maps Latin twins to Cyrillic and strips everything else', () => {
    expect(normalizePlate('а 123 вс 77')).toBe('А123ВС77');
    expect(normalizePlate('a123bc777')).toBe('А123ВС777');
    expect(normalizePlate('x-001-xx|99')).toBe('Х001ХХ99');
    expect(normalizePlate('Б123ВС77')).toBe('123ВС77');
    expect(isValidPlate(normalizePlate('e777kx199'))).toBe(true);
  });

  it('keeps at most nine characters', () => {
    expect(normalizePlate('А123ВС7777777')).toBe('А123ВС777');
  });
});

describe('isValidAmount (S1 §5: ≥ 0, step 50)', () => {
  it.each([0, 50, 1250, 999_950])('accepts %d', (amount) => expect(isValidAmount(amount)).toBe(true));
  it.each([-50, 25, 1025, 50.5, Number.NaN])('rejects %d', (amount) =>
    expect(isValidAmount(amount)).toBe(false),
  );
});

describe('slot id (S1 §3, S2 §3)', () => {
  it('joins DDMMYY, HHmm and HHmm with underscores', () => {
    expect(slotId('2031-03-10', '10:00', '10:30', 30)).toBe('100331_1000_1030');
  });

  it('rounds the start down to the slot duration, never the end', () => {
    expect(slotId('2031-03-10', '10:29', '11:07', 30)).toBe('100331_1000_1107');
    expect(slotId('2031-03-10', '10:44', '11:00', 15)).toBe('100331_1030_1100');
    expect(slotId('2031-03-10', '00:01', '00:59', 60)).toBe('100331_0000_0059');
  });

  it('falls back to 30 minutes when the station has no slot duration', () => {
    expect(slotId('2031-12-01', '09:50', '10:20', 0)).toBe('011231_0930_1020');
  });

  it('parses back what it builds, and nothing malformed', () => {
    expect(parseSlotId('100331_1000_1030')).toEqual({ date: '2031-03-10', start: '10:00', end: '10:30' });
    for (const bad of [
      '100331_1000',
      '100331-1000-1030',
      '320331_1000_1030',
      '101331_1000_1030',
      '100331_2400_1030',
      '100331_1060_1030',
      '',
    ])
      expect(parseSlotId(bad), bad).toBeNull();
  });
});

describe('order display helpers', () => {
  it('sends a phone starting with 8 as is, any other with a plus (S1 §5)', () => {
    expect(formatOrderPhone('8 (916) 111-22-33')).toBe('89161112233');
    expect(formatOrderPhone('7 916 111 22 33')).toBe('+79161112233');
    expect(formatOrderPhone('+7 916 111 22 33')).toBe('+79161112233');
    expect(formatOrderPhone('—')).toBe('');
  });

  it('shows durations as hours and minutes', () => {
    expect(formatDuration(45)).toBe('45 мин');
    expect(formatDuration(60)).toBe('1 ч');
    expect(formatDuration(90)).toBe('1 ч 30 мин');
  });

  it('shows whole rubles with the ₽ sign', () => {
    expect(formatRub(1250.4).replace(/\s/g, ' ')).toBe('1 250 ₽');
    expect(formatRub(0)).toBe('0 ₽');
  });
});
