import type { z } from 'zod';
import {
  dateMessages,
  defaultHistoryPageSize,
  isCalendarDate,
  isCancelledStatus,
  orderMessages,
  washServiceName,
  washServices,
  type Order,
  type OrderDetailsResponse,
  type OrderListResponse,
  type orderCreateSchema,
  type orderListRequestSchema,
  type newOrdersResponseSchema,
  type OrderStatus,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../plugins/errors';
import { loadStationForCaller, requirePosition } from '../stations/station-access';
import { recordOrderEvent } from '../events/order-event-bus';
import { placeOrder } from './booking';
import { namedCollision } from './order-conflict';
import {
  loadOrderForCaller,
  orderWriterPositions,
  requireOrderWriter,
  requireOwnOrder,
  type Caller,
} from './order-access';
import { toOrderDto } from './order-dto';
import { paidAmount, paidAtFor, prepareOrderWrite, type OrderWriteInput } from './order-write';
import {
  boxNumbersOf,
  historyOrders,
  historyTotals,
  insertOrder,
  listNewOrders,
  listOrdersByLocalDates,
  orderWithRefs,
  stationRow,
  tariffIncludes,
  tariffNames,
  updateOrderIfStatus,
  type HistoryFilter,
} from './orders.repository';

type OrderCreateInput = z.output<typeof orderCreateSchema>;
type OrderListRequest = z.output<typeof orderListRequestSchema>;
type NewOrdersResponse = z.output<typeof newOrdersResponseSchema>;

/** Service key → Russian name for every wash service (S1 §3 `ru_services_name`). */
const ruServicesName: Record<string, string> = Object.fromEntries(
  washServices.map((s) => [s.key, s.name_ru]),
);

export const boxUnknown = 'Такого бокса нет на станции';
export const dateInvalid = 'Некорректная дата';
export const dateRangeOrder = 'Дата окончания должна быть позже даты начала';

/** The order as the API shows it, read back after a write. */
export async function orderDto(db: Database, orderId: string): Promise<Order> {
  const row = await orderWithRefs(db, orderId);
  if (!row) throw notFound();
  return toOrderDto(row);
}

/**
 * `POST /api/create_order/{stationId}`: an own booking, made by staff: Booked at once (issue 10, DESIGN
 * §10). Only incoming orders (a partner's, a client's self-booking) wait in Accepted for an answer;
 * staff who typed the order in have nobody to ask.
 */
export async function createOrder(
  db: Database,
  caller: Caller,
  stationId: string,
  input: OrderCreateInput,
): Promise<Order> {
  const access = await loadStationForCaller(db, caller, stationId);
  requirePosition(access, orderWriterPositions);
  const { station } = access;
  const prepared = await prepareOrderWrite(db, station, input);
  if (input.box_number !== undefined && !(await boxNumbersOf(db, station.id)).includes(input.box_number)) {
    throw badRequest({ box_number: boxUnknown });
  }
  const status: OrderStatus = 'Booked';
  const row = await placeOrder(
    db,
    { stationId: station.id, start: prepared.start, end: prepared.end, onlyBox: input.box_number },
    async (tx, box) => {
      const inserted = await insertOrder(tx, {
        ...prepared.values,
        stationId: station.id,
        networkId: station.networkId,
        boxNumber: box,
        status,
        source: 'Own',
        orderType: 'Booking',
        sumCompleted: paidAmount(input.paymentMethod, prepared.values.sum!),
        paidAt: paidAtFor(input.paymentMethod, null),
        createdBy: caller.userId,
      });
      await recordOrderEvent(
        tx,
        { type: 'order.created', station_id: station.id, order_id: inserted.id, status },
        {
          action: 'created',
          fromStatus: null,
          actor: { kind: 'user', userId: caller.userId },
          source: 'Own',
        },
      );
      return inserted;
    },
    // A chosen box that is taken names the order in it; without one, «Время занято» means every box is.
  ).catch((error: unknown) =>
    namedCollision(
      db,
      {
        stationId: station.id,
        timeZone: station.timeZone,
        box: input.box_number,
        start: prepared.start,
        end: prepared.end,
      },
      error,
    ),
  );
  return orderDto(db, row.id);
}

/**
 * `POST /api/own_order/update/{id}`: an own order's new time, car, tariff, contacts or comment. It keeps
 * its box while that is free at the new time, else moves to another; a cancelled order stays as it was.
 */
export async function updateOrder(
  db: Database,
  caller: Caller,
  orderId: string,
  input: OrderWriteInput,
): Promise<Order> {
  const access = await loadOrderForCaller(db, caller, orderId);
  requireOrderWriter(access);
  const { order } = access;
  requireOwnOrder(order);
  if (isCancelledStatus(order.status as OrderStatus)) throw conflict(orderMessages.finalStatus);
  const station = await stationRow(db, order.stationId);
  if (!station) throw notFound();
  const prepared = await prepareOrderWrite(db, station, input, {
    keepTariffId: order.basket.tariff_id,
    keepInterval: { start: order.bookingStart, end: order.bookingEnd },
  });
  const sumCompleted =
    input.paymentMethod === order.paymentMethod
      ? order.sumCompleted
      : paidAmount(input.paymentMethod, prepared.values.sum!);
  await placeOrder(
    db,
    {
      stationId: station.id,
      start: prepared.start,
      end: prepared.end,
      preferBox: order.boxNumber,
      exceptOrderId: order.id,
    },
    async (tx, box) => {
      // Guarded by the status read above: a cancel or step that won the race is not overwritten.
      const updated = await updateOrderIfStatus(tx, order.id, order.status, {
        ...prepared.values,
        boxNumber: box,
        sumCompleted,
        paidAt: paidAtFor(input.paymentMethod, order),
      });
      if (!updated) throw conflict(orderMessages.updateFailed);
      await recordOrderEvent(
        tx,
        {
          type: 'order.changed',
          station_id: station.id,
          order_id: order.id,
          status: updated.status as OrderStatus,
        },
        {
          action: 'updated',
          fromStatus: order.status as OrderStatus,
          actor: { kind: 'user', userId: caller.userId },
          source: order.source,
        },
      );
      return updated;
    },
  );
  return orderDto(db, order.id);
}

export const historyOnly = 'Доступно только в истории заказов (history: true)';
export const pageRequired = 'Укажите номер страницы';

/**
 * `POST /api/order/list`. The calendar's call (station and dates) answers every order (blockers and
 * cancelled included: the calendar filters) whose booking starts in [date_start, date_end) on the
 * station's clock, earliest first. With `history: true` it is the order history (S1 §2): see
 * `historyWhere`, newest first, optionally one page, with the count and totals of every matching order;
 * without `date_end` it has no upper bound («Всё время» includes orders booked for tomorrow and later).
 */
export async function listOrders(
  db: Database,
  caller: Caller,
  input: OrderListRequest,
): Promise<OrderListResponse> {
  const { station } = await loadStationForCaller(db, caller, input.station_id);
  const fields: Record<string, string> = {};
  if (!isCalendarDate(input.date_start)) fields.date_start = dateInvalid;
  if (input.date_end === undefined) {
    // Only history is open-ended: the calendar always draws a bounded week.
    if (!input.history) fields.date_end = dateMessages.required;
  } else if (!isCalendarDate(input.date_end)) fields.date_end = dateInvalid;
  else if (input.date_end <= input.date_start) fields.date_end = dateRangeOrder;
  if (!input.history) {
    // Silently ignoring a filter would hand the calendar or an export the wrong orders.
    for (const key of ['search', 'statuses', 'page', 'page_size'] as const) {
      if (input[key] !== undefined) fields[key] = historyOnly;
    }
  } else if (input.page_size !== undefined && input.page === undefined) fields.page = pageRequired;
  if (Object.keys(fields).length > 0) throw badRequest(fields);

  if (!input.history) {
    const rows = await listOrdersByLocalDates(
      db,
      station.id,
      station.timeZone,
      input.date_start,
      input.date_end!,
    );
    return { orders: rows.map(toOrderDto) };
  }
  const filter: HistoryFilter = {
    stationId: station.id,
    timeZone: station.timeZone,
    dateStart: input.date_start,
    dateEnd: input.date_end,
    search: input.search,
    statuses: input.statuses,
  };
  const page =
    input.page === undefined
      ? undefined
      : { page: input.page, size: input.page_size ?? defaultHistoryPageSize };
  const [totals, rows] = await Promise.all([historyTotals(db, filter), historyOrders(db, filter, page)]);
  return { orders: rows.map(toOrderDto), total: totals.count, totals };
}

/** `GET /api/order/list/new/{stationId}` (S1 §3 «New-orders response»). */
export async function newOrders(
  db: Database,
  caller: Caller,
  stationId: string,
  now = new Date(),
): Promise<NewOrdersResponse> {
  const { station } = await loadStationForCaller(db, caller, stationId);
  const rows = await listNewOrders(db, station.id, now);
  const tariffIds = [...new Set(rows.map((r) => r.order.basket.tariff_id).filter((id) => id !== null))];
  // The names the orders were booked with (issue 38); the tariff's own name only where none was kept.
  const kept = Object.fromEntries(
    rows.flatMap(({ order: { basket } }) =>
      basket.tariff_id && basket.tariff_name !== undefined ? [[basket.tariff_id, basket.tariff_name]] : [],
    ),
  );
  return {
    orders_list: rows.map((row) => ({ order: toOrderDto(row) })),
    ru_services_name: ruServicesName,
    ru_tariff_name: { ...(await tariffNames(db, tariffIds)), ...kept },
  };
}

/** `GET /api/order/{id}` with the S1 §3 response wrapper. */
export async function orderDetails(
  db: Database,
  caller: Caller,
  orderId: string,
): Promise<OrderDetailsResponse> {
  await loadOrderForCaller(db, caller, orderId);
  const details = await describeOrder(db, orderId);
  if (!details) throw notFound();
  return details;
}

/**
 * An order as `GET /api/order/{id}` answers it, with no caller to check (the live stream has checked its
 * listeners' membership); null when there is no such order.
 */
export async function describeOrder(db: Database, orderId: string): Promise<OrderDetailsResponse | null> {
  const row = await orderWithRefs(db, orderId);
  if (!row) return null;
  const order = toOrderDto(row);
  const tariffId = order.basket.tariff_id;
  const [names, includes] = tariffId
    ? await Promise.all([tariffNames(db, [tariffId]), tariffIncludes(db, tariffId)])
    : [{} as Record<string, string>, [] as string[]];
  return {
    order,
    // The name the order was booked with (issue 38), not the tariff's name today.
    human_name_tariff: order.basket.tariff_name ?? ((tariffId && names[tariffId]) || ''),
    basket_human_names: {
      formated_includes: includes.map(washServiceName),
      formated_additional: Object.keys(order.basket.additional_service_amounts).map(washServiceName),
    },
    ru_services_name: ruServicesName,
  };
}
