import { describe, expect, it } from 'vitest';
import { tariffMessages as m } from '@crm/shared';
import { createBodyOf, defaultDuration, draftOf, fieldPathOf, withDefaultDurations } from './new-tariff-form';

describe('new tariff form', () => {
  it('guesses durations from the included services, longer for bigger cars', () => {
    expect(defaultDuration([], 0)).toBe(15);
    expect(defaultDuration(['body_wash', 'vacuum'], 0)).toBe(30);
    expect(defaultDuration(['body_wash', 'vacuum'], 5)).toBe(55);
    const filled = withDefaultDurations(
      { Mini: { basePrice: 900, duration: 45 } },
      ['Mini', 'Compact'],
      ['wax'],
    );
    expect(filled).toEqual({
      Mini: { basePrice: 900, duration: 45 },
      Compact: { basePrice: null, duration: 15 },
    });
  });

  it('keeps a service out of the extras once it is included', () => {
    const draft = draftOf({ name: 'A', includeService: ['wax'], additionService: ['wax', 'engine'] }, 1);
    expect(draft).toMatchObject({ step: 1, additionService: ['engine'] });
  });

  it('maps schema and server fields to the form', () => {
    expect(fieldPathOf('name')).toEqual(['name']);
    expect(fieldPathOf('main_option')).toEqual(['includeService']);
    expect(fieldPathOf('class_to_price.Mini')).toEqual(['pricing', 'Mini', 'basePrice']);
    expect(fieldPathOf('class_to_duration.OffRoad')).toEqual(['pricing', 'OffRoad', 'duration']);
    expect(fieldPathOf('tariff_status')).toBeNull();
  });

  it('checks the body with the shared schema', () => {
    const bad = createBodyOf(
      {
        name: ' ',
        includeService: [],
        additionService: [],
        pricing: { Mini: { basePrice: 0, duration: 30 } },
      },
      ['Mini', 'Compact'],
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.fields).toEqual(
        expect.arrayContaining([
          [['name'], m.nameRequired],
          [['includeService'], m.mainServiceRequired],
          [['pricing', 'Mini', 'basePrice'], m.pricePositive],
          [['pricing', 'Compact', 'basePrice'], m.priceRequired],
          [['pricing', 'Compact', 'duration'], m.durationRequired],
        ]),
      );
    const good = createBodyOf(
      {
        name: ' Люкс ',
        includeService: ['wax'],
        additionService: [],
        pricing: { Mini: { basePrice: 900, duration: 30 } },
      },
      ['Mini'],
    );
    expect(good).toEqual({
      ok: true,
      body: {
        tariff_status: true,
        name: 'Люкс',
        main_option: ['wax'],
        extra_option: [],
        class_to_duration: { Mini: 30 },
        class_to_price: { Mini: 900 },
      },
    });
  });
});
