import type { Rule } from 'antd/es/form';
import {
  isCancelledStatus,
  isOwnSource,
  isValidAmount,
  orderFormMessages,
  orderMessages,
  ownPaymentMethods,
  paymentMethodLabels,
  type Order,
  type PaymentMethod,
} from '@crm/shared';

export type PaymentCase = 'cancelled' | 'online' | 'paid' | 'due';

/**
 * The four payment cases of S1 §2, in the spec's order. Any method but `not_paid` means money was taken.
 * «Paid online» is a partner's order the partner sent as paid (`paid: true` → `paid`, issue 36): one it
 * sent unpaid is paid at the station like any other.
 */
export function paymentCase(
  order: Pick<Order, 'status' | 'source' | 'sum' | 'sum_completed' | 'payment_method'>,
): PaymentCase {
  if (isCancelledStatus(order.status)) return 'cancelled';
  if (isPaidOnline(order)) return 'online';
  if (order.sum_completed >= order.sum || order.payment_method !== 'not_paid') return 'paid';
  return 'due';
}

/** A partner's order paid at the partner (shown «Оплачено онлайн»). */
export const isPaidOnline = (order: Pick<Order, 'source' | 'payment_method'>) =>
  !isOwnSource(order.source) && order.payment_method === 'paid';

/** What is left to pay (never below zero). */
export const amountDue = (order: Pick<Order, 'sum' | 'sum_completed'>) =>
  Math.max(order.sum - order.sum_completed, 0);

/**
 * How staff may record money taken: card, cash or СБП for an own order; a partner's may also be
 * «Оплачено онлайн» (paid at the partner). Labels are the shared ones the order shows afterwards.
 */
export function takeMethodOptions(order: Pick<Order, 'source'>) {
  const methods: PaymentMethod[] = ownPaymentMethods.filter((m) => m !== 'not_paid');
  if (!isOwnSource(order.source)) methods.push('paid');
  return methods.map((m) => ({ value: m, label: paymentMethodLabels[m] }));
}

/** The amount taken: required, more than zero, in steps of 50 ₽ (S1 §5), as the server checks it. */
export const takeAmountRules: Rule[] = [
  { required: true, message: orderFormMessages.paymentAmountRequired },
  {
    validator: async (_, v: number | null | undefined) => {
      if (v === null || v === undefined) return;
      if (v <= 0) throw new Error(orderFormMessages.paymentAmountRequired);
      if (!isValidAmount(v)) throw new Error(orderMessages.amountStep);
    },
  },
];
