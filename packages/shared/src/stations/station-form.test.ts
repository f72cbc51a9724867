import { describe, expect, it } from 'vitest';
import { fromPoint, parseBoxesInput, timeZoneLabel, toPoint } from './station-form';

describe('station form helpers', () => {
  it('turns a non-numeric boxes entry into 1 (S2 §5)', () => {
    expect(parseBoxesInput('abc')).toBe(1);
    expect(parseBoxesInput('')).toBe(1);
    expect(parseBoxesInput(undefined)).toBe(1);
    expect(parseBoxesInput('4')).toBe(4);
    expect(parseBoxesInput(' 12 ')).toBe(12);
    expect(parseBoxesInput(3)).toBe(3);
  });

  it('converts between the form latitude/longitude and a [lon, lat] point', () => {
    expect(toPoint(55.75, 37.61)).toEqual({ type: 'Point', coordinates: [37.61, 55.75] });
    expect(fromPoint(toPoint(55.75, 37.61))).toEqual({ lat: 55.75, lon: 37.61 });
    expect(fromPoint(null)).toBeNull();
  });

  it('names Russian zones by city', () => {
    expect(timeZoneLabel('Asia/Novosibirsk')).toBe('Новосибирск (UTC+7)');
    expect(timeZoneLabel('Europe/Berlin')).toBe('Europe/Berlin');
  });
});
