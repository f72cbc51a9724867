import type { Dayjs } from 'dayjs';
import {
  formatOrderPhone,
  normalizePlate,
  orderMessages,
  orderPrice,
  slotId,
  type CarClass,
  type Order,
  type OrderCreate,
  type PaymentMethod,
  type TariffConfig,
} from '@crm/shared';
import type { TimeRange } from '../../../components/time-range-picker';
import { dayjs, localParts, toUtcIso } from '../../../lib/station-time';
import { rangeMinutes, type BookingStart } from './order-time';

/** What the new and edit order forms hold; the car's class and body type ride along unseen. */
export interface OrderFormValues {
  driverId: string | null;
  /** The client's phone as typed; sent as `phones[0].redirection_phone`. */
  phone: string;
  tariffId: string | undefined;
  brand: string;
  model: string;
  modelId: string | undefined;
  carClass: CarClass | undefined;
  bodyType: string;
  category: CarClass | undefined;
  plate: string;
  /** The station-local day. */
  date: Dayjs | undefined;
  time: TimeRange | undefined;
  /** Integer rubles; null while empty. */
  total: number | null;
  paymentMethod: PaymentMethod | undefined;
  comment: string;
  extras: string[];
}

export function emptyOrderForm(start: BookingStart): OrderFormValues {
  return {
    driverId: null,
    phone: '',
    tariffId: undefined,
    brand: '',
    model: '',
    modelId: undefined,
    carClass: undefined,
    bodyType: '',
    category: undefined,
    plate: '',
    date: dayjs(start.date),
    time: { start: start.start, end: start.end },
    total: null,
    paymentMethod: 'not_paid',
    comment: '',
    extras: [],
  };
}

/** An own order as the edit form starts (times on the station's clock). */
export function orderToForm(order: Order, timeZone: string): OrderFormValues {
  const start = localParts(order.booking_start, timeZone);
  const end = localParts(order.booking_end, timeZone);
  const car = order.client_car;
  return {
    driverId: order.driver_id,
    phone: order.phones[0]?.redirection_phone ?? order.driver?.phone ?? '',
    tariffId: order.basket.tariff_id ?? undefined,
    brand: car.brand,
    model: car.model,
    modelId: undefined,
    carClass: car.car_class ?? car.category ?? undefined,
    bodyType: car.body_type,
    category: car.category ?? car.car_class ?? undefined,
    plate: normalizePlate(car.plate_number),
    date: start ? dayjs(start.date) : undefined,
    time: start && end ? { start: start.time, end: end.time } : undefined,
    total: order.sum,
    paymentMethod: order.payment_method,
    comment: order.comment,
    extras: Object.keys(order.basket.additional_service_amounts),
  };
}

export interface PayloadContext {
  timeZone: string;
  slotDuration: number;
  /** The chosen tariff's prices, when loaded. */
  config: TariffConfig | undefined;
}

export type PayloadResult =
  | { ok: true; body: OrderCreate }
  /** A problem of the whole form (a notification), or of one field. */
  | { ok: false; message: string; field?: keyof OrderFormValues };

/**
 * The create/update body of S1 §3 from the form, with the submit checks of S1 §5 in the spec's order:
 * tariff, slot duration, date and time, both times valid. The shared schema checks the rest.
 */
export function formToPayload(values: OrderFormValues, ctx: PayloadContext): PayloadResult {
  if (!values.tariffId)
    return { ok: false, message: orderMessages.stationOrTariffMissing, field: 'tariffId' };
  if (!(ctx.slotDuration > 0)) return { ok: false, message: orderMessages.slotDurationMissing };
  if (!values.date || !values.time)
    return { ok: false, message: orderMessages.dateTimeRequired, field: 'time' };
  const { start, end } = values.time;
  if (!start || !end) return { ok: false, message: orderMessages.timesRequired, field: 'time' };
  const date = values.date.format('YYYY-MM-DD');
  const bookingStart = toUtcIso(date, start, ctx.timeZone);
  if (!bookingStart) return { ok: false, message: orderMessages.startInvalid, field: 'time' };
  const bookingEnd = toUtcIso(date, end, ctx.timeZone);
  if (!bookingEnd) return { ok: false, message: orderMessages.endInvalid, field: 'time' };

  const category = values.category ?? values.carClass;
  const price = ctx.config && category ? orderPrice(ctx.config, category, values.extras) : null;
  const phone = formatOrderPhone(values.phone);
  const body: OrderCreate = {
    car: {
      brand: values.brand.trim(),
      model: values.model.trim(),
      ...(values.modelId ? { modelId: values.modelId } : {}),
      class: (values.carClass ?? category) as CarClass,
      bodyType: values.bodyType,
      category: category as CarClass,
      plateNumber: values.plate,
    },
    bookingStart,
    bookingEnd,
    paymentMethod: values.paymentMethod as PaymentMethod,
    comment: values.comment.trim(),
    phones: phone ? [{ redirection_phone: phone }] : [],
    driver_id: values.driverId,
    basket: {
      slotId: slotId(date, start, end, ctx.slotDuration),
      tariffId: values.tariffId,
      clientType: 'Individual',
      totalDurationMinutes: price?.totalDurationMinutes ?? Math.max(1, rangeMinutes(start, end)),
      totalAmount: values.total ?? price?.totalAmount ?? 0,
      ...(price ? { includeServiceAmount: price.includeServiceAmount } : {}),
      additionalServiceAmounts:
        price?.additionalServiceAmounts ?? Object.fromEntries(values.extras.map((k) => [k, 0])),
    },
  };
  return { ok: true, body };
}

const apiFieldMap: Record<string, keyof OrderFormValues> = {
  'car.brand': 'brand',
  'car.model': 'model',
  'car.modelId': 'model',
  'car.class': 'category',
  'car.category': 'category',
  'car.bodyType': 'model',
  'car.plateNumber': 'plate',
  bookingStart: 'time',
  bookingEnd: 'time',
  paymentMethod: 'paymentMethod',
  comment: 'comment',
  phones: 'phone',
  driver_id: 'driverId',
  'basket.tariffId': 'tariffId',
  'basket.totalAmount': 'total',
  'basket.slotId': 'time',
  'basket.totalDurationMinutes': 'time',
  'basket.additionalServiceAmounts': 'extras',
};

/** Server (or schema) field names to the form's fields: `car.plateNumber` → `plate`. */
export function orderFieldOf(apiField: string): keyof OrderFormValues | null {
  if (apiField in apiFieldMap) return apiFieldMap[apiField]!;
  const [head, second] = apiField.split('.');
  const two = second ? `${head}.${second}` : (head ?? '');
  if (two in apiFieldMap) return apiFieldMap[two]!;
  if (head && head in apiFieldMap) return apiFieldMap[head]!;
  return null;
}

/** Field messages of a failed schema check or a 400, keyed by the form's fields (first one wins). */
export function fieldErrors(fields: Record<string, string>): Partial<Record<keyof OrderFormValues, string>> {
  const out: Partial<Record<keyof OrderFormValues, string>> = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = orderFieldOf(key);
    if (field && !out[field]) out[field] = message;
  }
  return out;
}
