import type { ExportOrder } from '@crm/shared';

/**
 * Messages between the page and the export worker. Only what the file needs crosses the boundary: an
 * order is four fields (its date, status, sum and car), not the full order with basket and phones.
 */
export interface ExportRequest {
  orders: ExportOrder[];
  /** The station's IANA zone: dates in the file are on its clock. */
  timeZone: string;
}

export type ExportReply =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; file: ArrayBuffer }
  | { type: 'failed'; message: string };

/** The slice of an order the export sends to the worker. */
export function toExportOrder(order: ExportOrder): ExportOrder {
  const { brand, model, plate_number } = order.client_car;
  return {
    booking_start: order.booking_start,
    status: order.status,
    sum: order.sum,
    client_car: { brand, model, plate_number },
  };
}
