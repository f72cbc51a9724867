import { describe, expect, it } from 'vitest';
import {
  normalizeOrderSource,
  orderCancelSchema,
  orderCarInputSchema,
  orderCompletePaymentSchema,
  orderSourceFromAny,
  orderSourceLabel,
  orderSourceSchema,
} from './order.schema';
import { orderFormMessages } from './order-form-messages';
import { orderMessages } from './order-status';

const car = { brand: 'Kia', model: 'Rio', class: 'Compact', category: 'Compact' } as const;
const plateIssues = (plateNumber: string) => {
  const result = orderCarInputSchema.safeParse({ ...car, plateNumber });
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('order schemas (issue 10)', () => {
  it('says an empty plate is required and a typed bad one is malformed, one message each', () => {
    expect(plateIssues('')).toEqual([orderFormMessages.plateRequired]);
    expect(plateIssues(' - ')).toEqual([orderFormMessages.plateRequired]);
    expect(plateIssues('А12')).toEqual([orderMessages.plateFormat]);
    expect(plateIssues('a123bc77')).toEqual([]);
  });

  it('takes a payment at completion only as money actually taken, in 50 ₽ steps', () => {
    const ok = orderCompletePaymentSchema.safeParse({ payment_method: 'paid_sbp', sum_completed: 1200 });
    expect(ok.success).toBe(true);
    for (const [body, message] of [
      [{ payment_method: 'not_paid', sum_completed: 1200 }, orderMessages.paymentRequired],
      [{ payment_method: 'paid_card', sum_completed: 0 }, orderFormMessages.paymentAmountRequired],
      [{ payment_method: 'paid_card', sum_completed: 1210 }, orderMessages.amountStep],
    ] as const) {
      const result = orderCompletePaymentSchema.safeParse(body);
      expect(result.success, JSON.stringify(body)).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(message);
    }
  });

  it('keeps a cancel comment to 300 safe characters, trimmed', () => {
    expect(orderCancelSchema.parse({ cancel_comment: '  Нет мастера ' })).toEqual({
      cancel_comment: 'Нет мастера',
    });
    expect(orderCancelSchema.safeParse({ cancel_comment: 'я'.repeat(301) }).success).toBe(false);
    expect(orderCancelSchema.safeParse({ cancel_comment: 'a\u0000b' }).success).toBe(false);
  });
});

describe('an order source the client does not know (S1 §1: shown as Yandex)', () => {
  it('is read as Yandex by the order schema and named «Яндекс» by every label', () => {
    expect(orderSourceFromAny.parse('Lukoil')).toBe('Yandex');
    expect(orderSourceFromAny.parse('Benzuber')).toBe('Benzuber');
    // What the API answers stays one of the known three.
    expect(orderSourceSchema.safeParse('Lukoil').success).toBe(false);
    expect(normalizeOrderSource('Own')).toBe('Own');
    expect(normalizeOrderSource('')).toBe('Yandex');
    expect(orderSourceLabel('Lukoil')).toBe('Яндекс');
    expect(orderSourceLabel('Own')).toBe('Станция');
  });
});
