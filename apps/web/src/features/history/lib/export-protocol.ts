import type { ExportOrder, OrderListRequest } from '@crm/shared';

/**
 * Messages between the page and the export worker. The page sends the list call itself (the worker
 * fetches and parses the orders: a busy year is ~12 MB of JSON, which would freeze the page's thread
 * for most of a second) and gets back how far it is and the finished file.
 */
export interface ExportRequest {
  /** Same-origin path of the list call, e.g. `/api/order/list`. */
  url: string;
  body: OrderListRequest;
  /** What the API client would send: X-User-Id, the Telegram bearer (cookies go by themselves). */
  headers: Record<string, string>;
  timeoutMs: number;
  /** The station's IANA zone: dates in the file are on its clock. */
  timeZone: string;
  /** Tariff id → name (own and partner tariffs of the station), for «Подробно». */
  tariffNames: Record<string, string>;
}

/** `at`: when it happened, as epoch milliseconds (the worker's clock has another origin than the page's). */
export type ExportReply =
  | { type: 'loaded'; count: number; at: number }
  | { type: 'empty' }
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; file: ArrayBuffer; at: number }
  /** The list call failed: its HTTP status (0: network or timeout) and parsed error body, if any. */
  | { type: 'fetch-failed'; status: number; code?: 'TIMEOUT' | 'NETWORK'; data: unknown }
  | { type: 'failed'; message: string };

/**
 * The slice of an order the file needs (both sheets), so a year of full orders is not kept alive while
 * the workbook is written: no comments, car colours, basket amounts other than the extras…
 */
export function toExportOrder(order: ExportOrder): ExportOrder {
  const { brand, model, plate_number } = order.client_car;
  const { driver } = order;
  return {
    number: order.number,
    booking_start: order.booking_start,
    status: order.status,
    source: order.source,
    box_number: order.box_number,
    sum: order.sum,
    sum_completed: order.sum_completed,
    payment_method: order.payment_method,
    paid_at: order.paid_at,
    driver: driver ? { name: driver.name, surname: driver.surname, phone: driver.phone } : null,
    phones: order.phones.map(({ redirection_phone, ext }) =>
      ext ? { redirection_phone, ext } : { redirection_phone },
    ),
    basket: {
      tariff_id: order.basket.tariff_id,
      ...(order.basket.tariff_name === undefined ? {} : { tariff_name: order.basket.tariff_name }),
      additional_service_amounts: order.basket.additional_service_amounts,
    },
    client_car: { brand, model, plate_number },
  };
}
