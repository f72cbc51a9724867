import { and, asc, eq, gt, ne, notInArray } from 'drizzle-orm';
import {
  affectedOrdersMessages,
  finalStatuses,
  maxListedAffectedOrders,
  ordersCount,
  stationClock,
  strandedByHours,
  type AffectedOrder,
  type AffectedReason,
  type CancelReason,
  type OrderStatus,
  type WorktimeByDay,
} from '@crm/shared';
import { orders } from '../../db/schema';
import { AppError, updateFailed } from '../../plugins/errors';
import { recordOrderEvents, type OrderEventRecord } from '../events/order-event-bus';
import { cancelCommentPrefix } from '../orders/order-status.service';
import { updateOrderIfStatus, type Tx } from '../orders/orders.repository';

// Issue 38: a schedule or box-count change never strands live orders silently. The update lists them
// (409 ORDERS_OUTSIDE_HOURS) until the owner says what to do: keep them outside the hours, or cancel them
// in the change's own transaction (partners hear of it through the order events' outbox, like any cancel).

export interface Hours {
  worktime: WorktimeByDay;
  timeZone: string;
}

export interface AffectedRow {
  id: string;
  number: number;
  boxNumber: number;
  status: string;
  source: string;
  bookingStart: Date;
  bookingEnd: Date;
  clientCar: { brand?: string; model?: string; plate_number?: string };
  systemComment: string;
  reason: AffectedReason;
}

/** Live orders of the station (not final, not a slot blocker) that have not ended, by start. */
async function liveOrders(tx: Tx, stationId: string, now: Date) {
  return tx
    .select({
      id: orders.id,
      number: orders.number,
      boxNumber: orders.boxNumber,
      status: orders.status,
      source: orders.source,
      bookingStart: orders.bookingStart,
      bookingEnd: orders.bookingEnd,
      clientCar: orders.clientCar,
      systemComment: orders.systemComment,
    })
    .from(orders)
    .where(
      and(
        eq(orders.stationId, stationId),
        gt(orders.bookingEnd, now),
        notInArray(orders.status, [...finalStatuses]),
        ne(orders.orderType, 'BlockerBookingSlot'),
      ),
    )
    .orderBy(asc(orders.bookingStart), asc(orders.boxNumber));
}

/**
 * The live orders a change strands: on a box above `keepBoxes`, or (when the hours change) outside the new
 * hours while inside the old ones. In-progress orders count: they are still in the boxes.
 */
export async function affectedOrders(
  tx: Tx,
  stationId: string,
  change: { before: Hours; after: Hours | null; keepBoxes: number | null },
  now: Date,
): Promise<AffectedRow[]> {
  const { before, after, keepBoxes } = change;
  if (!after && keepBoxes === null) return [];
  const rows = await liveOrders(tx, stationId, now);
  return rows.flatMap((row) => {
    const reason: AffectedReason | null =
      keepBoxes !== null && row.boxNumber > keepBoxes
        ? 'box'
        : after && strandedByHours(before, after, row.bookingStart, row.bookingEnd)
          ? 'hours'
          : null;
    return reason ? [{ ...row, reason }] : [];
  });
}

/** An affected order as the owner recognises it, on the station's clock (the new zone if it changes). */
export function toAffectedOrder(row: AffectedRow, timeZone: string): AffectedOrder {
  const start = stationClock(timeZone, row.bookingStart);
  const end = stationClock(timeZone, row.bookingEnd);
  return {
    id: row.id,
    number: row.number,
    date: start.date,
    start: start.time,
    end: end.time,
    booking_start: row.bookingStart.toISOString(),
    booking_end: row.bookingEnd.toISOString(),
    box_number: row.boxNumber,
    status: row.status,
    source: row.source,
    car: [row.clientCar.brand, row.clientCar.model].filter(Boolean).join(' '),
    plate_number: row.clientCar.plate_number ?? '',
    reason: row.reason,
  };
}

/** 409 ORDERS_OUTSIDE_HOURS with the orders listed (the first `maxListedAffectedOrders`) and their total. */
export function ordersOutsideHours(rows: readonly AffectedRow[], timeZone: string): AppError {
  return new AppError(
    409,
    'ORDERS_OUTSIDE_HOURS',
    affectedOrdersMessages.conflict.replace('{orders}', ordersCount(rows.length)),
    undefined,
    {
      orders: rows.slice(0, maxListedAffectedOrders).map((row) => toAffectedOrder(row, timeZone)),
      total: rows.length,
    },
  );
}

/**
 * Cancels the affected orders as the station («Отменен станцией») with the reason and the owner's words,
 * one audit row each with the owner as actor; one event tells open calendars and the partner outbox.
 */
export async function cancelAffected(
  tx: Tx,
  stationId: string,
  userId: string,
  rows: readonly AffectedRow[],
  reason: CancelReason,
  comment: string | undefined,
): Promise<void> {
  if (rows.length === 0) return;
  const line = comment?.trim();
  const records: OrderEventRecord[] = [];
  for (const row of rows) {
    const note = line
      ? [row.systemComment, `${cancelCommentPrefix}${line}`].filter(Boolean).join('\n')
      : row.systemComment;
    const updated = await updateOrderIfStatus(tx, row.id, row.status, {
      status: 'StationCanceled',
      reason,
      systemComment: note,
    });
    // Listed under the station's box locks: only a partner's or driver's own cancel can get there first.
    if (!updated) throw updateFailed();
    records.push({
      orderId: row.id,
      toStatus: 'StationCanceled',
      action: 'status',
      fromStatus: row.status as OrderStatus,
      actor: { kind: 'user', userId },
      source: row.source,
    });
  }
  await recordOrderEvents(
    tx,
    {
      type: 'order.changed',
      station_id: stationId,
      order_id: rows[0]!.id,
      status: 'StationCanceled',
      order_ids: rows.map((r) => r.id),
    },
    records,
  );
}
