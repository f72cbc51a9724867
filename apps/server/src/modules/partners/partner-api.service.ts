import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  basketOf,
  isFinalStatus,
  orderPrice,
  partnerMessages,
  slotId,
  stationClock,
  workHoursError,
  type CarClass,
  type OrderStatus,
  type PartnerBooking,
  type PartnerBookingCreate,
  type partnerAvailabilityQuerySchema,
  type partnerAvailabilitySchema,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { partnerBookings } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import { recordOrderEvent } from '../events/order-event-bus';
import { placeOrder } from '../orders/booking';
import { cancelByClient, moveBooking } from '../orders/booking-changes';
import type { OrderRow } from '../orders/order-dto';
import { insertOrder, stationRow } from '../orders/orders.repository';
import { loadFreeStartTimes } from '../slots/availability';
import { loadTariffConfig } from '../tariffs/tariffs.repository';
import { and, eq } from 'drizzle-orm';
import {
  claimPartnerBooking,
  connectedStation,
  findPartnerBooking,
  partnerOrder,
  type PartnerBookingRow,
  type PartnerCaller,
  type StationRowOfPartner,
} from './partners.repository';

type AvailabilityQuery = z.output<typeof partnerAvailabilityQuerySchema>;
type Availability = z.output<typeof partnerAvailabilitySchema>;

/** An answer the partner API gives, and the booking it concerns (for the exchange log). */
export interface PartnerAnswer<T = unknown> {
  status: number;
  body: T;
  stationId?: string | null;
  orderId?: string | null;
}

export const stationNotConnected = () => notFound(partnerMessages.stationNotConnected);
const bookingNotFound = () => notFound(partnerMessages.bookingNotFound);
const locked = (message: string) => new AppError(409, 'BOOKING_LOCKED', message);

/** Instants to the minute, as own orders are (order-write.ts). */
const toMinute = (iso: string) => new Date(Math.floor(Date.parse(iso) / 60_000) * 60_000);

/**
 * A partner books and moves only into the future (the availability offers no past start either); a
 * minute of slack for clocks and the trip. A 400 on the field, nothing written.
 */
function requireFuture(start: Date, now: Date) {
  if (start.getTime() < now.getTime() - 60_000) {
    throw badRequest({ booking_start: partnerMessages.startInPast }, partnerMessages.startInPast);
  }
}

/** The booking as the partner sees it: no station-internal data, no client data. */
export function partnerBookingOf(order: OrderRow, partnerStationId: string): PartnerBooking {
  return {
    partner_order_id: order.extendedId ?? '',
    partner_station_id: partnerStationId,
    order_number: order.number,
    status: order.status,
    booking_start: order.bookingStart.toISOString(),
    booking_end: order.bookingEnd.toISOString(),
    price: order.sum,
    paid: order.paymentMethod !== 'not_paid',
    reason: order.reason ?? null,
  };
}

/**
 * The provider (Yandex) tariff's price and minutes for the category: partner orders are priced by it
 * (S2 §6). A tariff of another station, an own tariff, a switched-off one, or a category it does not
 * price is a 400 on the field.
 */
async function providerPricing(db: Database, stationId: string, tariffId: string, category: CarClass) {
  const config = await loadTariffConfig(db, stationId, tariffId);
  if (!config || config.kind !== 'yandex' || !config.price.active) {
    throw badRequest({ tariff_id: partnerMessages.tariffNotFound }, partnerMessages.tariffNotFound);
  }
  const price = orderPrice(config, category, []);
  if (!price || price.totalDurationMinutes <= 0) {
    throw badRequest({ car_category: partnerMessages.categoryNotPriced }, partnerMessages.categoryNotPriced);
  }
  return price;
}

async function requireStation(db: Database, partner: PartnerCaller, partnerStationId: string) {
  const station = await connectedStation(db, partner.id, partnerStationId);
  if (!station) throw stationNotConnected();
  return station;
}

/** `GET /api/partner/v1/stations/{partnerStationId}/availability`. */
export async function partnerAvailability(
  db: Database,
  partner: PartnerCaller,
  partnerStationId: string,
  query: AvailabilityQuery,
  now = new Date(),
): Promise<PartnerAnswer<Availability>> {
  const station = await requireStation(db, partner, partnerStationId);
  const price = await providerPricing(db, station.id, query.tariff_id, query.car_category);
  const starts = await loadFreeStartTimes(db, station, query.date, price.totalDurationMinutes, now);
  return {
    status: 200,
    stationId: station.id,
    body: {
      partner_station_id: partnerStationId,
      date: query.date,
      time_zone: station.timeZone,
      tariff_id: query.tariff_id,
      car_category: query.car_category,
      price: price.totalAmount,
      duration_minutes: price.totalDurationMinutes,
      start_times: starts.map((s) => s.toISOString()),
    },
  };
}

/** Keys sorted at every level: the same request in another key order is the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export const requestHashOf = (input: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(canonical(input)))
    .digest('hex');

/** A duplicate answers what the first answered; the same id with another body is a 422. */
function replay(stored: PartnerBookingRow, hash: string): PartnerAnswer {
  if (stored.requestHash !== hash) {
    throw new AppError(422, 'IDEMPOTENCY_MISMATCH', partnerMessages.idempotencyMismatch);
  }
  return {
    status: stored.statusCode,
    body: stored.response,
    stationId: stored.stationId,
    orderId: stored.orderId,
  };
}

/** The partner order id is taken by a request that committed first (a concurrent duplicate). */
class AlreadyClaimed extends Error {}

function partnerOrderValues(
  station: StationRowOfPartner,
  partner: PartnerCaller,
  input: PartnerBookingCreate,
  price: NonNullable<ReturnType<typeof orderPrice>>,
  start: Date,
  end: Date,
  now: Date,
) {
  const from = stationClock(station.timeZone, start);
  const to = stationClock(station.timeZone, end);
  const amount = price.totalAmount;
  // DESIGN §6: a partner order outside the hours is accepted, and flagged for the staff.
  const outside = workHoursError(station.worktimeByDay, station.timeZone, start, end);
  return {
    stationId: station.id,
    networkId: station.networkId,
    status: (station.autoacceptBooking ? 'Booked' : 'Accepted') as OrderStatus,
    source: partner.source,
    orderType: 'Booking',
    bookingStart: start,
    bookingEnd: end,
    extendedId: input.partner_order_id,
    phones: [
      input.client.ext
        ? { redirection_phone: input.client.redirection_phone, ext: input.client.ext }
        : { redirection_phone: input.client.redirection_phone },
    ],
    sum: amount,
    sumBeforeDiscount: amount,
    sumCompleted: input.paid ? amount : 0,
    paymentMethod: input.paid ? 'paid' : 'not_paid',
    paidAt: input.paid ? now : null,
    systemComment: outside ?? '',
    clientCar: {
      brand: input.car.brand,
      model: input.car.model,
      plate_number: input.car.plate_number,
      body_type: '',
      body_color: '',
      car_class: input.car.category,
      category: input.car.category,
    },
    basket: basketOf(price, input.tariff_id, slotId(from.date, from.time, to.time, station.slotDuration), {
      toPay: input.paid ? 0 : amount,
    }),
    createdBy: null,
  };
}

/**
 * `POST /api/partner/v1/bookings`: through the booking engine and the exclusion constraint like every
 * order (DESIGN §6). The idempotency row is claimed inside the order's own transaction: a concurrent
 * duplicate waits on its key until the first commits, then answers what the first answered. An
 * auto-accepting station books it at once (Booked); the others see it in «Новые заказы» (Accepted).
 */
export async function createPartnerBooking(
  db: Database,
  partner: PartnerCaller,
  input: PartnerBookingCreate,
  now = new Date(),
): Promise<PartnerAnswer> {
  const hash = requestHashOf(input);
  const stored = await findPartnerBooking(db, partner.id, input.partner_order_id);
  if (stored) return replay(stored, hash);
  const station = await requireStation(db, partner, input.partner_station_id);
  const price = await providerPricing(db, station.id, input.tariff_id, input.car.category);
  const start = toMinute(input.booking_start);
  requireFuture(start, now);
  const end = new Date(start.getTime() + price.totalDurationMinutes * 60_000);
  const values = partnerOrderValues(station, partner, input, price, start, end, now);
  try {
    return await placeOrder(db, { stationId: station.id, start, end }, async (tx, box) => {
      const claimed = await claimPartnerBooking(tx, {
        partnerId: partner.id,
        partnerOrderId: input.partner_order_id,
        requestHash: hash,
        statusCode: 201,
        response: {},
        stationId: station.id,
      });
      if (!claimed) throw new AlreadyClaimed();
      const order = await insertOrder(tx, { ...values, boxNumber: box });
      const body = partnerBookingOf(order, input.partner_station_id);
      await tx
        .update(partnerBookings)
        .set({ response: body, orderId: order.id })
        .where(
          and(
            eq(partnerBookings.partnerId, partner.id),
            eq(partnerBookings.partnerOrderId, input.partner_order_id),
          ),
        );
      await recordOrderEvent(
        tx,
        { type: 'order.created', station_id: station.id, order_id: order.id, status: values.status },
        {
          action: 'created',
          fromStatus: null,
          actor: { kind: 'partner', userId: null },
          source: partner.source,
        },
      );
      return { status: 201, body, stationId: station.id, orderId: order.id };
    });
  } catch (error) {
    const slotGone = error instanceof AppError && error.code === 'SLOT_TAKEN';
    if (error instanceof AlreadyClaimed || slotGone) {
      // A duplicate that lost the race (its box, or the id itself, went to the first): the first's answer.
      const first = await findPartnerBooking(db, partner.id, input.partner_order_id);
      if (first) return replay(first, hash);
    }
    throw error;
  }
}

async function requirePartnerOrder(db: Database, partner: PartnerCaller, partnerOrderId: string) {
  const found = await partnerOrder(db, partner.id, partnerOrderId);
  if (!found) throw bookingNotFound();
  return found;
}

/** `GET /api/partner/v1/bookings/{partnerOrderId}`. */
export async function readPartnerBooking(
  db: Database,
  partner: PartnerCaller,
  partnerOrderId: string,
): Promise<PartnerAnswer<PartnerBooking>> {
  const { order, partnerStationId } = await requirePartnerOrder(db, partner, partnerOrderId);
  return {
    status: 200,
    body: partnerBookingOf(order, partnerStationId),
    stationId: order.stationId,
    orderId: order.id,
  };
}

/** The client's words, kept in the order's service note (never logged). */
const clientCancelNote = 'Отмена клиентом у партнёра';

/**
 * `POST …/{partnerOrderId}/cancel`: the client cancelled at the partner: UserCanceled («Отмены
 * клиентом»), the box free at once. Repeating it answers the cancelled booking; a finished or started
 * wash cannot be cancelled (409 BOOKING_LOCKED). The partner is not called back about its own cancel.
 */
export async function cancelPartnerBooking(
  db: Database,
  partner: PartnerCaller,
  partnerOrderId: string,
  reason: string | undefined,
): Promise<PartnerAnswer<PartnerBooking>> {
  const { order, partnerStationId } = await requirePartnerOrder(db, partner, partnerOrderId);
  const answer = (row: OrderRow) => ({
    status: 200,
    body: partnerBookingOf(row, partnerStationId),
    stationId: row.stationId,
    orderId: row.id,
  });
  if (order.status === 'UserCanceled') return answer(order);
  if (isFinalStatus(order.status as OrderStatus) || order.status === 'Processing') {
    throw locked(partnerMessages.cannotCancel);
  }
  const words = reason?.trim();
  const note = words ? `${clientCancelNote}: ${words}` : clientCancelNote;
  const updated = await cancelByClient(db, order, note, 'partner', () =>
    locked(partnerMessages.cannotCancel),
  );
  return answer(updated);
}

/**
 * `POST …/{partnerOrderId}/reschedule`: a new start for the same wash (its minutes kept), while it is
 * neither started nor closed, through the booking engine (409 SLOT_TAKEN when the new time is taken).
 */
export async function reschedulePartnerBooking(
  db: Database,
  partner: PartnerCaller,
  partnerOrderId: string,
  bookingStart: string,
  now = new Date(),
): Promise<PartnerAnswer<PartnerBooking>> {
  const { order, partnerStationId } = await requirePartnerOrder(db, partner, partnerOrderId);
  if (order.status !== 'Accepted' && order.status !== 'Booked') {
    throw locked(partnerMessages.cannotReschedule);
  }
  const start = toMinute(bookingStart);
  requireFuture(start, now);
  const station = await stationRow(db, order.stationId);
  if (!station) throw bookingNotFound();
  const updated = await moveBooking(db, order, station, start, 'partner', () =>
    locked(partnerMessages.cannotReschedule),
  );
  return {
    status: 200,
    body: partnerBookingOf(updated, partnerStationId),
    stationId: updated.stationId,
    orderId: updated.id,
  };
}
