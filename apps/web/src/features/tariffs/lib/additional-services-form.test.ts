import { describe, expect, it } from 'vitest';
import { carClasses, tariffMessages as m } from '@crm/shared';
import { checkGrid, gridValueOf, servicesOf, updateOf } from './additional-services-form';

const services = [
  { key: 'wax', name: 'Горячий воск' },
  { key: 'engine', name: 'Мойка двигателя' },
];
const all = (price: number | null) => Object.fromEntries(carClasses.map((c) => [c, price]));

describe('additional services form', () => {
  it('orders services as the catalogue does and reads an unoffered class as empty', () => {
    const data = {
      price: { Mini: { engine: { price: 500, active: true }, wax: { price: 300, active: false } } },
      active: { engine: true, wax: false },
      ru_services_names: { engine: 'Мойка двигателя' },
    };
    const list = servicesOf(data);
    expect(list).toEqual([
      { key: 'wax', name: 'Горячий воск' },
      { key: 'engine', name: 'Мойка двигателя' },
    ]);
    const value = gridValueOf(data, list);
    expect(value.engine).toMatchObject({ active: true, prices: { Mini: 500, Compact: null } });
    expect(value.wax?.prices.Mini).toBeNull();
  });

  it('passes a fully priced active service and an unpriced inactive one', () => {
    const value = { wax: { active: true, prices: all(300) }, engine: { active: false, prices: all(null) } };
    expect(checkGrid(value, services, carClasses)).toEqual({ errors: {}, blocked: [], first: null });
    const update = updateOf(value, carClasses);
    expect(update.active).toEqual({ wax: true, engine: false });
    expect(update.price.Mini).toEqual({
      wax: { price: 300, active: true },
      engine: { price: 0, active: false },
    });
  });

  it('keeps a class the service is not offered in out of the rule until it gets a price', () => {
    const data = {
      price: {
        Mini: { engine: { price: 500, active: true } },
        MicroBus: { engine: { price: 0, active: false } },
      },
      active: { engine: true },
      ru_services_names: {},
    };
    const list = [{ key: 'engine', name: 'Мойка двигателя' }];
    const value = gridValueOf(data, list);
    const classes = ['Mini', 'MicroBus'] as const;
    expect(checkGrid(value, list, classes).first).toBeNull();
    expect(updateOf(value, classes).price.MicroBus).toEqual({ engine: { price: 0, active: false } });
    value.engine!.prices.MicroBus = 1200;
    expect(updateOf(value, classes).price.MicroBus).toEqual({ engine: { price: 1200, active: true } });
  });

  it('names every active service with a gap and marks its cells', () => {
    const value = {
      wax: { active: true, prices: { ...all(300), OffRoad: 0 } },
      engine: { active: true, prices: { ...all(900), Mini: null, MicroBus: 1_000_000 } },
    };
    const check = checkGrid(value, services, carClasses);
    expect(check.blocked).toEqual([
      'Для услуги "Горячий воск" необходимо указать цены больше нуля',
      'Для услуги "Мойка двигателя" необходимо указать цены больше нуля',
    ]);
    expect(check.errors).toEqual({
      'wax.OffRoad': m.priceRange,
      'engine.Mini': m.servicePriceRequired,
      'engine.MicroBus': m.priceRange,
    });
    expect(check.first).toEqual({ service: 'wax', carClass: 'OffRoad' });
  });
});
