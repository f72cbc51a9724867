import type { FormRule } from 'antd';
import { pricingLimitsErrors, pricingLimitsMessages, type PricingLimits } from '@crm/shared';

type Field = keyof PricingLimits;
type Values = Partial<Record<Field, number | null>>;

const requiredMessage: Record<Field, string> = {
  limitMinCost: pricingLimitsMessages.minRequired,
  limitMaxCost: pricingLimitsMessages.maxRequired,
  stepCost: pricingLimitsMessages.stepRequired,
};

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The first S2 §5 «Pricing limits» message of one field, given all three: «Укажите …» when it is empty,
 * else the shared rules — those comparing fields only once the others are filled in.
 */
export function pricingFieldError(field: Field, values: Values): string | null {
  const own = values[field];
  if (!isNumber(own)) return requiredMessage[field];
  const { limitMinCost, limitMaxCost, stepCost } = values;
  if (isNumber(limitMinCost) && isNumber(limitMaxCost) && isNumber(stepCost)) {
    return pricingLimitsErrors({ limitMinCost, limitMaxCost, stepCost })[field] ?? null;
  }
  // Alone, a field can still be negative (or, for the step, not positive).
  if (field === 'stepCost') return own < 1 ? pricingLimitsMessages.stepPositive : null;
  return own < 0 ? pricingLimitsMessages.negative : null;
}

/** A form rule that reads the other two fields, so each message follows every change (with `dependencies`). */
export const pricingRule =
  (field: Field): FormRule =>
  ({ getFieldsValue }) => ({
    validator: async () => {
      const message = pricingFieldError(field, getFieldsValue(['limitMinCost', 'limitMaxCost', 'stepCost']));
      if (message) throw new Error(message);
    },
  });
