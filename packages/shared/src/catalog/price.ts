// Price and duration of an order from its tariff, car class and extras (S1 §5). No zod here.
import { washServices, type CarClass } from './car-classes';
import type { TariffConfig } from './catalog.schema';
import type { Basket } from '../orders/order.schema';

export interface OrderPrice {
  /** The tariff's name as priced: the order keeps it, as it keeps the price (issue 38). */
  tariffName: string;
  includeServiceAmount: number;
  /** Extra service key → integer price. */
  additionalServiceAmounts: Record<string, number>;
  totalAmount: number;
  totalDurationMinutes: number;
}

/**
 * What an order costs and how long it takes. Extras not offered by the tariff, inactive, or without a
 * price for the class are left out. Returns null when the tariff has no price for the class.
 */
export function orderPrice(
  config: Pick<TariffConfig, 'price'>,
  carClass: CarClass,
  extras: readonly string[],
  clientGroup = 'Individual',
): OrderPrice | null {
  const element =
    config.price.priceElements.find((e) => e.clientGroup === clientGroup) ?? config.price.priceElements[0];
  const component = element?.priceComponent[carClass];
  const baseDuration = config.price.durationMinutes[carClass];
  if (!component || baseDuration === undefined) return null;
  const additionalServiceAmounts: Record<string, number> = {};
  let extraDuration = 0;
  for (const key of extras) {
    const amount = component.additionalServiceAmounts[key];
    if (!config.price.additionService.includes(key) || !amount?.active || amount.price <= 0) continue;
    additionalServiceAmounts[key] = amount.price;
    extraDuration += washServices.find((s) => s.key === key)?.durationMinutes ?? 0;
  }
  const extrasSum = Object.values(additionalServiceAmounts).reduce((a, b) => a + b, 0);
  return {
    tariffName: config.price.name,
    includeServiceAmount: component.includeServiceAmount,
    additionalServiceAmounts,
    totalAmount: component.includeServiceAmount + extrasSum,
    totalDurationMinutes: baseDuration + extraDuration,
  };
}

/** Extras a tariff offers for a class: active and priced above zero. */
export function offeredExtras(config: Pick<TariffConfig, 'price'>, carClass: CarClass): string[] {
  const component = config.price.priceElements[0]?.priceComponent[carClass];
  if (!component) return [];
  return config.price.additionService.filter((key) => {
    const amount = component.additionalServiceAmounts[key];
    return amount?.active && amount.price > 0;
  });
}

/**
 * The basket an order stores for a priced wash (S1 §3): the counter, partners and drivers all book through
 * it. `total` is what is charged (the price, or a manual sum or a discount at the counter); `toPay` what is
 * still owed (0 once paid online).
 */
export function basketOf(
  price: OrderPrice,
  tariffId: string,
  slotId: string,
  options: { total?: number; toPay?: number; priceElementId?: string | null } = {},
): Basket {
  const total = options.total ?? price.totalAmount;
  const toPay = options.toPay ?? total;
  return {
    tariff_id: tariffId,
    tariff_name: price.tariffName,
    slot_id: slotId,
    price_element_id: options.priceElementId ?? null,
    total_duration_minutes: price.totalDurationMinutes,
    total_amount: total,
    include_service_amount: price.includeServiceAmount,
    additional_service_amounts: price.additionalServiceAmounts,
    compensation_amount: 0,
    user_need_to_pay_amount: toPay,
  };
}
