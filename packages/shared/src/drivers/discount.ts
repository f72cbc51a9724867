import { amountStep } from '../orders/order-rules';

/**
 * A client's discount (S2 §3: percent, 0–100) applied to an order's list price. Money is integer rubles
 * (DESIGN §4) and an order's amounts go in steps of 50 ₽ (S1 §5: the form, the payment at completion), so
 * the discounted price is the exact one rounded DOWN to the step: the client never pays more than their
 * percent says (1 050 ₽ − 15 % = 892.50 ₽ → 850 ₽; 1 000 ₽ − 3 % = 970 ₽ → 950 ₽). Without a discount the
 * list price is charged as it is. Integer maths only, so no float error decides a ruble.
 */
export interface DiscountedPrice {
  /** What the client pays. */
  sum: number;
  /** The list price before the discount. */
  sum_before_discount: number;
  discount_percent: number;
  /** Rubles taken off. */
  discount_amount: number;
}

export function clampDiscount(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.trunc(percent)));
}

export function applyDiscount(listPrice: number, percent: number): DiscountedPrice {
  const price = Math.max(0, Math.trunc(listPrice));
  const pct = clampDiscount(percent);
  const sum = pct === 0 ? price : Math.floor((price * (100 - pct)) / (100 * amountStep)) * amountStep;
  return { sum, sum_before_discount: price, discount_percent: pct, discount_amount: price - sum };
}
