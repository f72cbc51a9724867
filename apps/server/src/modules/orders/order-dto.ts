import {
  normalizeOrderSource,
  type CancelReason,
  type Order,
  type OrderStatus,
  type OrderType,
  type PaymentMethod,
} from '@crm/shared';
import type { orders } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;

/** An order row with what its DTO needs from other tables (station's carwash id, the client's name). */
export interface OrderWithRefs {
  order: OrderRow;
  carwashId: string;
  driver: { name: string; surname: string; phone: string } | null;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The one row → DTO mapping (`orderSchema`); instants as ISO UTC (DESIGN §4). */
export function toOrderDto({ order: row, carwashId, driver }: OrderWithRefs): Order {
  return {
    id: row.id,
    number: row.number,
    status: row.status as OrderStatus,
    // S1 §1: a source this client does not know is answered as Yandex.
    source: normalizeOrderSource(row.source),
    order_type: row.orderType as OrderType,
    booking_start: row.bookingStart.toISOString(),
    booking_end: row.bookingEnd.toISOString(),
    date_start: iso(row.dateStart),
    date_end: iso(row.dateEnd),
    date_create: row.dateCreate.toISOString(),
    station_id: row.stationId,
    carwash_id: carwashId,
    network_id: row.networkId,
    box_number: row.boxNumber,
    extended_id: row.extendedId,
    contract_id: row.contractId,
    client_type: row.clientType,
    driver_id: row.driverId,
    driver,
    phones: row.phones,
    sum: row.sum,
    sum_completed: row.sumCompleted,
    sum_manual: row.sumManual,
    discount_percent: row.discountPercent,
    // Orders priced before issue 11 were charged their list price.
    sum_before_discount: row.sumBeforeDiscount ?? row.sum,
    payment_method: row.paymentMethod as PaymentMethod,
    paid_at: iso(row.paidAt),
    comment: row.comment,
    system_comment: row.systemComment,
    reason: (row.reason as CancelReason | null) ?? null,
    client_car: row.clientCar,
    basket: row.basket,
  };
}
