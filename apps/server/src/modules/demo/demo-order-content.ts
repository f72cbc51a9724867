import {
  applyDiscount,
  offeredExtras,
  orderPrice,
  type CancelReason,
  type ClientCar,
  type OrderPrice,
  type OrderSource,
  type OrderStatus,
  type OrderType,
  type PaymentMethod,
} from '@crm/shared';
import { clientCarOf, moscowRegions, pickDemoCar, randomPlate } from './demo-cars';
import type { DemoTariff, DemoStationTariffs, DemoTariffCode } from './demo-catalog';
import type { DemoDriver } from './demo-drivers';
import type { Rng } from './prng';

// What a demo order is (who booked it, which car, which tariff and extras, what it cost) and how it was
// paid or cancelled. Prices come from the tariff config through the shared `orderPrice`, the same maths the
// server uses for real orders, so demo baskets are exactly what a booking would have stored.

export interface OrderDraft {
  source: OrderSource;
  orderType: OrderType;
  driver: DemoDriver | null;
  clientCar: ClientCar;
  tariff: DemoTariff;
  price: OrderPrice;
  /** The charged total: the tariff's less the client's discount, or a hand-typed one marked `sumManual`. */
  sum: number;
  sumManual: boolean;
  /** The client's discount applied (percent) and the list price before it (issue 11). */
  discountPercent: number;
  sumBeforeDiscount: number;
  phones: { redirection_phone: string; ext?: string }[];
  extendedId: string | null;
  comment: string;
}

export interface DraftContext {
  tariffs: DemoStationTariffs;
  /** Active clients of the network; regulars (the first ones) come more often. */
  drivers: readonly DemoDriver[];
  plateRegions?: readonly string[];
}

const comments = [
  'Позвонить за 10 минут до начала',
  'Сильно загрязнены пороги',
  'Без воска, пожалуйста',
  'Клиент подождёт в зоне ожидания',
  'Детское кресло в салоне — не снимать',
  'Приедет чуть раньше',
  'Оплата картой на месте',
  'Обратить внимание на диски',
];

const sourceMix: Record<OrderSource, number> = { Own: 50, Yandex: 35, Benzuber: 15 };
const tariffMix: Record<DemoTariffCode, number> = { express: 45, complex: 40, maximum: 15 };
const cancelAhead = { UserCanceled: 70, StationCanceled: 15, Canceled: 15 } as const;
const cancelOnTheDay = { UserCanceled: 45, StationCanceled: 35, Canceled: 20 } as const;
const stationReasons: Partial<Record<CancelReason, number>> = { NotWorking: 50, TimeBusy: 50 };
const clientReasons: Partial<Record<CancelReason, number>> = { Other: 60, TimeBusy: 40 };
const otherReasons: Partial<Record<CancelReason, number>> = { Other: 75, NotWorking: 25 };

/** Draws one order: source mix Own ~50 % / Yandex ~35 % / Benzuber ~15 %, tariffs express > complex > maximum. */
export function drawOrder(rng: Rng, ctx: DraftContext): OrderDraft {
  const source = rng.weighted(sourceMix);
  const own = source === 'Own' && ctx.drivers.length > 0;
  const driver = own ? (rng.chance(0.5) ? rng.pick(ctx.drivers.slice(0, 15)) : rng.pick(ctx.drivers)) : null;
  const car = driver ? rng.pick(driver.cars) : { ...pickDemoCar(rng), plate: '' };
  const plate = driver ? car.plate : randomPlate(rng, ctx.plateRegions ?? moscowRegions);
  const clientCar = clientCarOf(car, plate, rng);

  // Yandex sells its own price list; Benzuber and the station sell the station's.
  const kind = source === 'Yandex' ? 'yandex' : 'own';
  const code = rng.weighted(tariffMix);
  const tariff = ctx.tariffs[kind][code];
  const offered = offeredExtras(tariff.config, car.carClass);
  const extras: string[] = [];
  if (offered.length && rng.chance(0.35)) {
    for (let n = rng.int(1, 2); n > 0; n--) {
      const key = rng.pick(offered);
      if (!extras.includes(key)) extras.push(key);
    }
  }
  const price = orderPrice(tariff.config, car.carClass, extras);
  if (!price) throw new Error(`demo tariff ${tariff.code} has no price for ${car.carClass}`);

  // The client's discount as the server applies it (order-write.ts); a few own orders have a total typed by hand.
  const discounted = applyDiscount(price.totalAmount, driver?.discount ?? 0);
  let sum = discounted.sum;
  if (!driver?.discount && own && rng.chance(0.02)) sum = Math.max(0, price.totalAmount - 50 * rng.int(1, 4));
  const sumManual = sum !== discounted.sum;

  return {
    source,
    orderType: own && rng.chance(0.2) ? 'SelfService' : 'Booking',
    driver,
    clientCar,
    tariff,
    price,
    sum,
    sumManual,
    discountPercent: sumManual ? 0 : discounted.discount_percent,
    sumBeforeDiscount: sumManual ? sum : price.totalAmount,
    // Partner orders reach the client through the partner's redirection number and an extension.
    phones: driver
      ? [{ redirection_phone: driver.phone }]
      : source === 'Own'
        ? [{ redirection_phone: `+79${rng.digits(9)}` }]
        : source === 'Yandex'
          ? [{ redirection_phone: `+7495${rng.digits(7)}`, ext: rng.digits(4) }]
          : [{ redirection_phone: `+7800${rng.digits(7)}`, ext: rng.digits(3) }],
    extendedId: source === 'Yandex' ? rng.hex(32) : source === 'Benzuber' ? rng.digits(8) : null,
    comment: own && rng.chance(0.12) ? rng.pick(comments) : '',
  };
}

/** A cancellation with a reason that fits who cancelled (S1 §3 cancel reasons). */
export function drawCancellation(rng: Rng, ahead: boolean): { status: OrderStatus; reason: CancelReason } {
  // A booking cancelled well ahead is mostly the client's doing; on the day, more often the station's.
  const status = rng.weighted(ahead ? cancelAhead : cancelOnTheDay);
  const reason: CancelReason = rng.weighted(
    status === 'StationCanceled' ? stationReasons : status === 'UserCanceled' ? clientReasons : otherReasons,
  );
  return { status, reason };
}

/** How an order was paid: own orders by card or cash at the station, partner orders online or by card. */
export function drawPayment(rng: Rng, draft: OrderDraft, status: OrderStatus): PaymentMethod {
  if (status === 'Canceled' || status === 'StationCanceled' || status === 'UserCanceled') return 'not_paid';
  const own = draft.source === 'Own';
  if (status === 'Completed') {
    if (own) return rng.chance(0.7) ? (rng.chance(0.3) ? 'paid_sbp' : 'paid_card') : 'paid_cash';
    return rng.chance(draft.source === 'Yandex' ? 0.8 : 0.6) ? 'paid' : 'paid_card';
  }
  // Not yet washed: partner clients often prepay in the app; own clients pay at the station.
  if (own) return rng.chance(0.08) ? 'paid_card' : 'not_paid';
  return rng.chance(0.5) ? 'paid' : 'not_paid';
}
