import { formatRuDate, type DateRange } from '../analytics/periods';
import { orderStatusLabels, type OrderStatus } from './order-status';

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

export interface ExportOrder {
  booking_start: string;
  status: OrderStatus;
  sum: number;
  client_car: { brand: string; model: string; plate_number: string };
}

export interface ExportRow {
  /** DD.MM.YY HH:mm on the station's clock (S1 §2: history dates). */
  date: string;
  car: string;
  sum: number;
  status: string;
}

/** `Toyota Camry А123ВС77`, skipping what is empty. */
export function carTitle(car: ExportOrder['client_car']): string {
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

export function historyExportRows(orders: readonly ExportOrder[], timeZone: string): ExportRow[] {
  return orders.map((o) => ({
    date: formatHistoryDate(o.booking_start, timeZone),
    car: carTitle(o.client_car),
    sum: o.sum,
    status: orderStatusLabels[o.status],
  }));
}

/** The two totals rows: every exported order, and the completed ones. */
export function historyExportTotals(orders: readonly ExportOrder[]) {
  const completed = orders.filter((o) => o.status === 'Completed');
  const sum = (list: readonly ExportOrder[]) => list.reduce((total, o) => total + o.sum, 0);
  return {
    all: { count: orders.length, sum: sum(orders) },
    completed: { count: completed.length, sum: sum(completed) },
  };
}
