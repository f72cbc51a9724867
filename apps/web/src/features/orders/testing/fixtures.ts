import type { CarCollectionResponse, Order, OrderDetailsResponse, Station, TariffConfig } from '@crm/shared';
import { testCar, testOrder, testStation } from '../../../test/fixtures';

export const station: Station = testStation({ location: null });

/** An own Booked order 10:00–11:00 Moscow time on 2030-06-03 (far from now: starting it is early). */
export function makeOrder(over: Partial<Order> = {}): Order {
  return testOrder({
    id: 'o1',
    booking_start: '2030-06-03T07:00:00.000Z',
    booking_end: '2030-06-03T08:00:00.000Z',
    date_create: '2030-06-01T09:15:00.000Z',
    box_number: 2,
    driver_id: '6f1c1b1e-1111-4a4a-9b9b-000000000001',
    driver: { name: 'Иван', surname: 'Петров', phone: '+79161234567' },
    phones: [{ redirection_phone: '+79161234567' }],
    sum: 1200,
    comment: 'Без воска',
    client_car: testCar({
      brand: 'Toyota',
      model: 'Camry',
      plate_number: 'А123ВС77',
      car_class: 'MiddleSize',
      category: 'MiddleSize',
    }),
    basket: {
      tariff_id: 't-complex',
      slot_id: '030630_1000_1100',
      price_element_id: null,
      total_duration_minutes: 60,
      total_amount: 1200,
      include_service_amount: 1200,
      additional_service_amounts: {},
      compensation_amount: 0,
      user_need_to_pay_amount: 1200,
    },
    ...over,
  });
}

export function makeDetails(order: Order = makeOrder()): OrderDetailsResponse {
  return {
    order,
    human_name_tariff: 'Комплекс',
    basket_human_names: { formated_includes: ['Мойка кузова', 'Пылесос салона'], formated_additional: [] },
    ru_services_name: { wax: 'Горячий воск', engine: 'Мойка двигателя' },
  };
}

const component = (base: number, wax: number, engine: number) => ({
  includeServiceAmount: base,
  additionalServiceAmounts: {
    wax: { price: wax, active: true },
    engine: { price: engine, active: true },
    polish: { price: 900, active: false },
  },
});

/** A tariff with prices for three classes: Mini has none, so choosing it gives no price. */
export function makeTariff(id: string, name: string, base: number): TariffConfig {
  return {
    price: {
      id,
      name,
      description: '',
      active: true,
      durationMinutes: { Compact: 40, MiddleSize: 50, Crossover: 60 },
      priceElements: [
        {
          clientGroup: 'Individual',
          priceComponent: {
            Compact: component(base, 300, 500),
            MiddleSize: component(base + 200, 350, 600),
            Crossover: component(base + 400, 400, 700),
          },
        },
      ],
      includeService: ['body_wash', 'vacuum'],
      additionService: ['wax', 'engine', 'polish'],
    },
    cars: {},
    ru_services_names: {
      body_wash: 'Мойка кузова',
      vacuum: 'Пылесос салона',
      wax: 'Горячий воск',
      engine: 'Мойка двигателя',
      polish: 'Экспресс-полировка',
    },
  };
}

export const tariffs = {
  't-express': makeTariff('t-express', 'Экспресс', 600),
  't-complex': makeTariff('t-complex', 'Комплекс', 1000),
};

export const tariffList = {
  prices_list: [
    { id: 't-express', name: 'Экспресс', active: true },
    { id: 't-complex', name: 'Комплекс', active: true },
    { id: 't-old', name: 'Архивный', active: false },
  ],
};

const model = (id: string, name: string, cls: Order['client_car']['category'] & string, body: string) => ({
  id,
  model: name,
  ru_body_name: body,
  class: cls,
  kuzov: body,
  category: cls,
  category_ru: '',
});

export const cars: CarCollectionResponse = {
  collection: {
    Toyota: [
      model('toyota-camry', 'Camry', 'MiddleSize', 'Седан'),
      model('toyota-rav4', 'RAV4', 'Crossover', 'Кроссовер'),
    ],
    Kia: [model('kia-rio', 'Rio', 'Compact', 'Седан')],
    Tesla: [model('tesla-3', 'Model 3', 'MiddleSize', 'Седан')],
  },
  popular: ['Kia', 'Toyota'],
};
