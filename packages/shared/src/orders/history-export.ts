import { formatRuDate, type DateRange } from '../analytics/periods';
import { washServiceName } from '../catalog/car-classes';
import {
  isOwnSource,
  orderSourceLabel,
  orderStatusLabels,
  paymentMethodLabels,
  type OrderSource,
  type OrderStatus,
  type PaymentMethod,
} from './order-status';

/** The history export (S1 §9): sheet, columns, totals rows, column width, file name from the range. */
export const historyExport = {
  sheet: 'История заказов',
  columns: ['Дата', 'Автомобиль', 'Сумма', 'Статус'],
  columnWidth: 20,
  totalAll: 'Итого (все заказы)',
  totalCompleted: 'Итого (завершенные)',
} as const;

/** The export texts of S1 §8, quoted exactly. */
export const exportMessages = {
  loading: 'Загрузка данных и подготовка файла для экспорта...',
  empty: 'Нет данных для экспорта в выбранном диапазоне',
  done: 'Файл успешно экспортирован',
  failed: 'Произошла ошибка при экспорте данных',
  noStation: 'Необходимо выбрать станцию',
  noRange: 'Выберите диапазон дат для экспорта',
} as const;

/** `История заказов 01.11.2026–30.11.2026.xlsx`; one date when the range is one day. */
export function historyExportFileName(range: DateRange): string {
  const dates =
    range.start === range.end
      ? formatRuDate(range.start)
      : `${formatRuDate(range.start)}–${formatRuDate(range.end)}`;
  return `${historyExport.sheet} ${dates}.xlsx`;
}

/**
 * The second sheet «Подробно» (issue 10): the spec's sheet stays exactly as S1 §9 says, and this one has
 * one column per fact, dates as real date cells, so an accountant can sort, filter and pivot it.
 */
export const historyDetailExport = {
  sheet: 'Подробно',
  columns: [
    { header: '№', width: 9 },
    { header: 'Дата', width: 16 },
    { header: 'Бокс', width: 7 },
    { header: 'Источник', width: 11 },
    { header: 'Клиент', width: 22 },
    { header: 'Телефон', width: 20 },
    { header: 'Автомобиль', width: 20 },
    { header: 'Госномер', width: 12 },
    { header: 'Тариф', width: 22 },
    { header: 'Услуги', width: 30 },
    { header: 'Сумма', width: 11 },
    { header: 'Способ оплаты', width: 20 },
    { header: 'Оплачено', width: 11 },
    { header: 'Оплачено (дата)', width: 16 },
    { header: 'Статус', width: 17 },
  ],
  /** How Excel shows the date cells (the value stays a date). */
  dateFormat: 'dd.mm.yyyy hh:mm',
} as const;

/** What the export keeps of an order: the spec sheet's four facts and the details of «Подробно». */
export interface ExportOrder {
  number: number;
  booking_start: string;
  status: OrderStatus;
  source: OrderSource;
  box_number: number;
  sum: number;
  /** What was actually paid. */
  sum_completed: number;
  payment_method: PaymentMethod;
  paid_at: string | null;
  driver: { name: string; surname: string; phone: string } | null;
  phones: readonly { redirection_phone: string; ext?: string }[];
  basket: {
    tariff_id: string | null;
    /** The name the order was booked with (issue 38). */
    tariff_name?: string;
    additional_service_amounts: Record<string, number>;
  };
  client_car: { brand: string; model: string; plate_number: string };
}

/** The four facts of the spec's sheet. */
export type SpecExportOrder = Pick<ExportOrder, 'booking_start' | 'status' | 'sum' | 'client_car'>;

/** A row of «Подробно», in column order. */
export interface ExportDetailRow {
  number: number;
  date: Date;
  box: number;
  source: string;
  client: string;
  phone: string;
  car: string;
  plate: string;
  tariff: string;
  services: string;
  sum: number;
  paymentMethod: string;
  paid: number;
  paidAt: Date | null;
  status: string;
}

export interface ExportRow {
  /** DD.MM.YY HH:mm on the station's clock (S1 §2: history dates). */
  date: string;
  car: string;
  sum: number;
  status: string;
}

/** `Toyota Camry А123ВС77`, skipping what is empty. */
export function carTitle(car: SpecExportOrder['client_car']): string {
  return [car.brand, car.model, car.plate_number].filter((p) => p.trim() !== '').join(' ');
}

/** DD.MM.YY HH:mm of an instant on a station's clock. */
export function formatHistoryDate(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('ru-RU', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

/**
 * The station's wall-clock time of an instant as a Date whose UTC fields carry it: an Excel date cell has
 * no zone, and exceljs writes a Date by its UTC fields, so the cell reads as the station's clock.
 */
export function stationWallClock(iso: string, timeZone: string): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return new Date(
    Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!),
  );
}

/** The client's phone: the client's own for a known client, else the partner's redirect with its extension. */
function exportPhone(order: ExportOrder): string {
  if (order.driver?.phone) return order.driver.phone;
  const first = order.phones[0];
  if (!first) return '';
  return first.ext ? `${first.redirection_phone} доб. ${first.ext}` : first.redirection_phone;
}

/**
 * The rows of «Подробно». `tariffNames`: tariff id → name, own and partner tariffs of the station; an id
 * it does not know (a deleted tariff) stays empty rather than showing a raw id.
 */
export function historyDetailRows(
  orders: readonly ExportOrder[],
  timeZone: string,
  tariffNames: Readonly<Record<string, string>>,
): ExportDetailRow[] {
  return orders.map((o) => ({
    number: o.number,
    date: stationWallClock(o.booking_start, timeZone),
    box: o.box_number,
    source: orderSourceLabel(o.source),
    client: isOwnSource(o.source) && o.driver ? `${o.driver.name} ${o.driver.surname}`.trim() : '',
    phone: exportPhone(o),
    car: [o.client_car.brand, o.client_car.model].filter((p) => p.trim() !== '').join(' '),
    plate: o.client_car.plate_number,
    // The name the order was booked with (issue 38); the current list's name for orders without one.
    tariff: o.basket.tariff_name ?? ((o.basket.tariff_id && tariffNames[o.basket.tariff_id]) || ''),
    services: Object.keys(o.basket.additional_service_amounts).map(washServiceName).join(', '),
    sum: o.sum,
    paymentMethod: paymentMethodLabels[o.payment_method],
    paid: o.sum_completed,
    paidAt: o.paid_at ? stationWallClock(o.paid_at, timeZone) : null,
    status: orderStatusLabels[o.status],
  }));
}

export function historyExportRows(orders: readonly SpecExportOrder[], timeZone: string): ExportRow[] {
  return orders.map((o) => ({
    date: formatHistoryDate(o.booking_start, timeZone),
    car: carTitle(o.client_car),
    sum: o.sum,
    status: orderStatusLabels[o.status],
  }));
}

/** The two totals rows: every exported order, and the completed ones. */
export function historyExportTotals(orders: readonly SpecExportOrder[]) {
  const completed = orders.filter((o) => o.status === 'Completed');
  const sum = (list: readonly SpecExportOrder[]) => list.reduce((total, o) => total + o.sum, 0);
  return {
    all: { count: orders.length, sum: sum(orders) },
    completed: { count: completed.length, sum: sum(completed) },
  };
}
