import { describe, expect, it } from 'vitest';
import { pricingFieldError } from './pricing-rules';

describe('pricingFieldError', () => {
  it('asks for an empty field before anything else', () => {
    expect(pricingFieldError('limitMaxCost', { limitMinCost: 0, limitMaxCost: null, stepCost: 1 })).toBe(
      'Укажите максимальную стоимость',
    );
  });

  it('checks a field alone while another is empty', () => {
    const partial = { limitMinCost: -1, limitMaxCost: null, stepCost: 0 };
    expect(pricingFieldError('limitMinCost', partial)).toBe('Стоимость не может быть отрицательной');
    expect(pricingFieldError('stepCost', partial)).toBe('Шаг должен быть больше 0');
  });

  it('compares the three once all are filled in', () => {
    const values = { limitMinCost: 100, limitMaxCost: 150, stepCost: 60 };
    expect(pricingFieldError('stepCost', values)).toBe(
      'Шаг не может быть больше разницы между максимальной и минимальной стоимостью',
    );
    expect(pricingFieldError('limitMinCost', values)).toBeNull();
    expect(pricingFieldError('stepCost', { ...values, stepCost: 50 })).toBeNull();
  });
});
