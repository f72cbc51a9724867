import type { z } from 'zod';
import {
  basketOf,
  applyDiscount,
  offeredExtras,
  orderMessages,
  orderPrice,
  ownPaymentMethods,
  slotId,
  stationClock,
  workHoursError,
  type ClientCar,
  type orderUpdateSchema,
  type PaymentMethod,
} from '@crm/shared';
import { badRequest, notFound } from '../../plugins/errors';
import type { StationRow } from '../stations/station-access';
import { loadTariffConfig } from '../tariffs/tariffs.repository';
import type { Database } from '../../db/client';
import { driverDiscount, type OrderInsert } from './orders.repository';

/** The parsed body of a create or an update (the create adds only `box_number`). */
export type OrderWriteInput = z.output<typeof orderUpdateSchema>;

export const extraNotOffered = 'Услуга недоступна для этого тарифа';

/** A booking longer than a day is a typo, not a wash. */
const maxBookingMinutes = 24 * 60;

export interface PreparedWrite {
  start: Date;
  end: Date;
  /** Columns an own order's create and edit both write. */
  values: Pick<
    OrderInsert,
    | 'bookingStart'
    | 'bookingEnd'
    | 'clientCar'
    | 'basket'
    | 'sum'
    | 'sumManual'
    | 'discountPercent'
    | 'sumBeforeDiscount'
    | 'paymentMethod'
    | 'comment'
    | 'phones'
    | 'driverId'
  >;
}

/** Instants to the minute: the form sends seconds zero (S1 §5), and slot maths works in minutes. */
const toMinute = (iso: string) => new Date(Math.floor(Date.parse(iso) / 60_000) * 60_000);

/**
 * Own orders fall inside the station's work hours (DESIGN §6); 400 on `field` with the rule's words.
 * `kept`: an edit that leaves the time as it was passes, so hours changed since do not lock the order.
 */
export function requireWorkHours(
  station: Pick<StationRow, 'worktimeByDay' | 'timeZone'>,
  start: Date,
  end: Date,
  field: string,
  kept?: { start: Date; end: Date },
): void {
  if (kept && kept.start.getTime() === start.getTime() && kept.end.getTime() === end.getTime()) return;
  const error = workHoursError(station.worktimeByDay, station.timeZone, start, end);
  if (error) throw badRequest({ [field]: error }, error);
}

/**
 * Checks an own order's write against S1 §5 beyond what the schema can know (station hours, tariff,
 * extras, client) and works out what is stored: the price and duration from the tariff (`orderPrice`, the
 * same maths the form previews), the slot id on the station's clock, and whether the total was typed by
 * hand. `keepTariffId`: an edit may keep the tariff it was booked with even if it was switched off since;
 * `keepInterval`: and its time, even if the hours changed since.
 */
export async function prepareOrderWrite(
  db: Database,
  station: StationRow,
  input: OrderWriteInput,
  {
    keepTariffId,
    keepInterval,
  }: { keepTariffId?: string | null; keepInterval?: { start: Date; end: Date } } = {},
): Promise<PreparedWrite> {
  if (!station.slotDuration || station.slotDuration <= 0) {
    throw badRequest({ slot_duration: orderMessages.slotDurationMissing }, orderMessages.slotDurationMissing);
  }
  const start = toMinute(input.bookingStart);
  const end = toMinute(input.bookingEnd);
  if (start >= end) throw badRequest({ bookingEnd: orderMessages.rangeOrder });
  if (end.getTime() - start.getTime() > maxBookingMinutes * 60_000) {
    throw badRequest({ bookingEnd: orderMessages.endInvalid });
  }
  requireWorkHours(station, start, end, 'bookingStart', keepInterval);
  if (!ownPaymentMethods.includes(input.paymentMethod)) {
    // `paid` (online) belongs to partner orders (S1 §3); staff record card or cash.
    throw badRequest({ paymentMethod: orderMessages.paymentRequired });
  }

  const { tariffId } = input.basket;
  const config = await loadTariffConfig(db, station.id, tariffId);
  const usable = config?.kind === 'own' && (config.price.active || tariffId === keepTariffId);
  if (!config || !usable) throw badRequest({ 'basket.tariffId': orderMessages.tariffInactive });

  const category = input.car.category;
  const extras = Object.keys(input.basket.additionalServiceAmounts);
  const offered = offeredExtras(config, category);
  if (extras.some((key) => !offered.includes(key))) {
    throw badRequest({ 'basket.additionalServiceAmounts': extraNotOffered });
  }
  const price = orderPrice(config, category, extras);
  if (!price) throw badRequest({ 'basket.tariffId': orderMessages.tariffInactive });

  const discount = input.driver_id ? await driverDiscount(db, input.driver_id, station.networkId) : 0;
  if (discount === null) throw notFound();

  const from = stationClock(station.timeZone, start);
  const to = stationClock(station.timeZone, end);
  const { total, sumManual, discountPercent, sumBeforeDiscount } = chargedTotal(
    input.basket.totalAmount,
    price.totalAmount,
    discount,
  );
  const basket = basketOf(price, tariffId, slotId(from.date, from.time, to.time, station.slotDuration), {
    total,
    priceElementId: input.basket.priceElementId ?? null,
  });
  const clientCar: ClientCar = {
    brand: input.car.brand,
    model: input.car.model,
    plate_number: input.car.plateNumber,
    body_type: input.car.bodyType,
    body_color: input.car.bodyColor,
    car_class: input.car.class,
    category,
  };
  return {
    start,
    end,
    values: {
      bookingStart: start,
      bookingEnd: end,
      clientCar,
      basket,
      sum: total,
      sumManual,
      discountPercent,
      sumBeforeDiscount,
      paymentMethod: input.paymentMethod,
      comment: input.comment,
      phones: input.phones,
      driverId: input.driver_id ?? null,
    },
  };
}

/**
 * What the order charges (issue 11, DESIGN §6: the server applies the client's discount). The form sends
 * the total it shows: the tariff's list price, or — once it knows the client's discount — the discounted
 * one; either means «the tariff's price for this client», so the discount is applied and both the list
 * price and the percent are stored. Any other total was typed by staff: it is kept as the final price,
 * marked «(изменено)» (S1 §5), and no discount is applied on top of it.
 */
export function chargedTotal(sent: number, listPrice: number, discountPercent: number) {
  const discounted = applyDiscount(listPrice, discountPercent);
  if (sent === listPrice || sent === discounted.sum) {
    return {
      total: discounted.sum,
      sumManual: false,
      discountPercent: discounted.discount_percent,
      sumBeforeDiscount: listPrice,
    };
  }
  return { total: sent, sumManual: true, discountPercent: 0, sumBeforeDiscount: sent };
}

/** What has been paid when a payment method is set at booking: all of it, or nothing. */
export function paidAmount(method: PaymentMethod, total: number): number {
  return method === 'not_paid' ? 0 : total;
}

/**
 * When the money was taken once the method is `method`: none while not paid; the moment it was first
 * recorded as paid otherwise (a later change of card to cash keeps that date). Revenue counts on it.
 */
export function paidAtFor(
  method: PaymentMethod,
  before: { paymentMethod: string; paidAt: Date | null } | null,
  now = new Date(),
): Date | null {
  if (method === 'not_paid') return null;
  if (before && before.paymentMethod !== 'not_paid' && before.paidAt) return before.paidAt;
  return now;
}
