import { describe, expect, it } from 'vitest';
import { complex, express, makeConfig } from '../testing/harness';
import { classRows, extraRows, orderedClasses, priceRange, tariffMatches } from './tariff-view';

describe('tariff view', () => {
  it('orders classes by category number and marks the missing ones', () => {
    expect(orderedClasses).toEqual(['Mini', 'Compact', 'MiddleSize', 'Crossover', 'OffRoad', 'MicroBus']);
    const rows = classRows(makeConfig(express));
    expect(rows.map((r) => r.category)).toEqual([
      '1 категория',
      '2 категория',
      '3 категория',
      '4 категория',
      '5 категория',
      '6 категория',
    ]);
    expect(rows[0]).toMatchObject({ label: 'Мини', minutes: 20, price: 500 });
    expect(rows[5]).toMatchObject({ minutes: null, price: null });
  });

  it('prices extras per class, leaving out switched-off and zero prices', () => {
    const config = makeConfig({ ...express, extras: { wax: [300, 300, 300, undefined, 0, 300] } });
    const [wax] = extraRows(config);
    expect(wax).toMatchObject({ key: 'wax', name: 'Горячий воск', min: 300, max: 300 });
    expect(wax!.prices.Crossover).toBeNull();
    expect(wax!.prices.OffRoad).toBeNull();
    // Sold only where the tariff itself has a price: the minibus class has none in this tariff.
    expect(wax!.prices.MicroBus).toBeNull();
  });

  it('formats ranges', () => {
    // formatRub separates thousands with a no-break space.
    const plain = (text: string | null) => text?.replace(/\s/g, ' ');
    expect(plain(priceRange(300, 300))).toBe('300 ₽');
    expect(plain(priceRange(300, 1200))).toBe('300–1 200 ₽');
    expect(priceRange(null, null)).toBeNull();
  });

  it('matches the search case- and ё-insensitively in name, description and services', () => {
    const config = makeConfig(complex);
    expect(tariffMatches('КОМПЛ', 'Комплекс', undefined)).toBe(true);
    expect(tariffMatches('порогов', 'Комплекс', config)).toBe(true);
    expect(tariffMatches('пылесос', 'Комплекс', config)).toBe(true);
    expect(tariffMatches('колесных', 'Экспресс', makeConfig({ ...express, include: ['wheels'] }))).toBe(true);
    expect(tariffMatches('воск', 'Комплекс', config)).toBe(false);
    expect(tariffMatches('  ', 'Комплекс', config)).toBe(true);
  });
});
