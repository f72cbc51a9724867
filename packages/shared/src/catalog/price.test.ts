import { describe, expect, it } from 'vitest';
import type { TariffConfig } from './catalog.schema';
import { basketOf, offeredExtras, orderPrice } from './price';

/** A tariff with two classes priced, four extras of which wax and mats are sold to Compact cars. */
const config: Pick<TariffConfig, 'price'> = {
  price: {
    id: 't1',
    name: 'Экспресс',
    description: '',
    active: true,
    durationMinutes: { Compact: 30, Crossover: 40 },
    priceElements: [
      {
        clientGroup: 'Individual',
        priceComponent: {
          Compact: {
            includeServiceAmount: 800,
            additionalServiceAmounts: {
              wax: { price: 300, active: true },
              mats: { price: 150, active: true },
              polish: { price: 900, active: false },
              engine: { price: 0, active: true },
              odor: { price: 500, active: true },
            },
          },
          Crossover: {
            includeServiceAmount: 1000,
            additionalServiceAmounts: { wax: { price: 400, active: true } },
          },
          // Priced but without a duration: the tariff cannot be sold for it.
          OffRoad: { includeServiceAmount: 1500, additionalServiceAmounts: {} },
        },
      },
    ],
    includeService: ['body_wash', 'drying'],
    // `odor` is priced but not offered by this tariff.
    additionService: ['wax', 'mats', 'polish', 'engine'],
  },
};

describe('orderPrice (S1 §5: price and duration from the tariff)', () => {
  it('is the included price and the class duration without extras', () => {
    expect(orderPrice(config, 'Compact', [])).toEqual({
      tariffName: config.price.name,
      includeServiceAmount: 800,
      additionalServiceAmounts: {},
      totalAmount: 800,
      totalDurationMinutes: 30,
    });
  });

  it('adds each chosen extra’s price for the class and the minutes that service takes', () => {
    // wax adds 10 minutes, mats 5 (washServices).
    expect(orderPrice(config, 'Compact', ['wax', 'mats'])).toEqual({
      tariffName: config.price.name,
      includeServiceAmount: 800,
      additionalServiceAmounts: { wax: 300, mats: 150 },
      totalAmount: 1250,
      totalDurationMinutes: 45,
    });
    expect(orderPrice(config, 'Crossover', ['wax'])?.totalAmount).toBe(1400);
  });

  it('leaves out extras that are inactive, free, not offered by the tariff, or unpriced for the class', () => {
    const price = orderPrice(config, 'Compact', ['polish', 'engine', 'odor', 'no_such']);
    expect(price).toMatchObject({ additionalServiceAmounts: {}, totalAmount: 800, totalDurationMinutes: 30 });
    expect(orderPrice(config, 'Crossover', ['mats'])?.additionalServiceAmounts).toEqual({});
  });

  it('has no price for a class without a price or a duration', () => {
    expect(orderPrice(config, 'Mini', [])).toBeNull();
    expect(orderPrice(config, 'OffRoad', [])).toBeNull();
  });

  it('uses the client group’s price element, else the first', () => {
    const twoGroups: Pick<TariffConfig, 'price'> = {
      price: {
        ...config.price,
        priceElements: [
          {
            clientGroup: 'Corporate',
            priceComponent: { Compact: { includeServiceAmount: 500, additionalServiceAmounts: {} } },
          },
          ...config.price.priceElements,
        ],
      },
    };
    expect(orderPrice(twoGroups, 'Compact', [])?.totalAmount).toBe(800);
    expect(orderPrice(twoGroups, 'Compact', [], 'Corporate')?.totalAmount).toBe(500);
    expect(orderPrice(twoGroups, 'Compact', [], 'Unknown')?.totalAmount).toBe(500);
  });
});

describe('offeredExtras', () => {
  it('lists the tariff’s extras that are active and priced above zero for the class', () => {
    expect(offeredExtras(config, 'Compact')).toEqual(['wax', 'mats']);
    expect(offeredExtras(config, 'Crossover')).toEqual(['wax']);
    expect(offeredExtras(config, 'Mini')).toEqual([]);
  });
});

describe('basketOf', () => {
  const price = {
    tariffName: 'Комплекс',
    includeServiceAmount: 700,
    additionalServiceAmounts: { wax: 400 },
    totalAmount: 1100,
    totalDurationMinutes: 45,
  };

  it('stores the price as charged and owed by default, and the tariff’s name as priced (issue 38)', () => {
    expect(basketOf(price, 't1', 's1')).toEqual({
      tariff_id: 't1',
      tariff_name: 'Комплекс',
      slot_id: 's1',
      price_element_id: null,
      total_duration_minutes: 45,
      total_amount: 1100,
      include_service_amount: 700,
      additional_service_amounts: { wax: 400 },
      compensation_amount: 0,
      user_need_to_pay_amount: 1100,
    });
  });

  it('keeps a charged total apart from the price, and nothing owed once paid online', () => {
    const basket = basketOf(price, 't1', 's1', { total: 990, priceElementId: 'pe' });
    expect([basket.total_amount, basket.user_need_to_pay_amount, basket.price_element_id]).toEqual([
      990,
      990,
      'pe',
    ]);
    expect(basketOf(price, 't1', 's1', { toPay: 0 }).user_need_to_pay_amount).toBe(0);
  });
});
