import ExcelJS from 'exceljs';
import {
  formatRuDate,
  indicatorLabels,
  orderSourceLabel,
  type DateRange,
  type IndicatorKey,
  type StationAnalytics,
} from '@crm/shared';
import { rubFormat, workbookBytes } from '../../../lib/excel';

const percentFormat = '0.0" %"';

/** Sheet names of the analytics export (the order of the dashboard: indicators, days, sources, hours). */
export const analyticsSheets = {
  indicators: 'Показатели',
  days: 'По дням',
  sources: 'Источники',
  hours: 'По часам',
} as const;

export interface AnalyticsExportInput {
  stationName: string;
  /** The period shown (its last day up to the compared time when it holds today). */
  range: DateRange;
  /** What the trend compares, in the page's words («Сегодня до 14:30 против понедельника 16 ноября до 14:30»). */
  comparedText: string;
  analytics: StationAnalytics;
}

/** «Аналитика 16.11.2026–22.11.2026.xlsx» */
export function analyticsFileName(range: DateRange): string {
  return `Аналитика ${formatRuDate(range.start)}–${formatRuDate(range.end)}.xlsx`;
}

const numberFormatOf = (key: IndicatorKey) =>
  key === 'revenue' || key === 'average_check'
    ? rubFormat
    : key === 'completed_percent' || key === 'canceled_percent'
      ? percentFormat
      : key === 'rating'
        ? '0.0'
        : '#,##0';

function table(sheet: ExcelJS.Worksheet, headers: string[], rows: (string | number | null)[][], from = 1) {
  const header = sheet.getRow(from);
  header.values = headers;
  header.font = { bold: true };
  rows.forEach((values, i) => (sheet.getRow(from + 1 + i).values = values));
  sheet.autoFilter = {
    from: { row: from, column: 1 },
    to: { row: from + rows.length, column: headers.length },
  };
  headers.forEach((_, i) => (sheet.getColumn(i + 1).width = i === 0 ? 24 : 18));
}

/**
 * The dashboard's analytics for a period as a workbook: key indicators as the cards show them (the
 * period, the compared period, the trend: one comparison, issue 38), then orders and revenue per day, per
 * source and per starting hour. Numbers stay numbers (₽ and % are cell formats), so the file sums and
 * charts in Excel.
 */
export async function buildAnalyticsWorkbook(input: AnalyticsExportInput): Promise<ArrayBuffer> {
  const { analytics, range } = input;
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();

  const summary = workbook.addWorksheet(analyticsSheets.indicators);
  summary.getCell('A1').value = input.stationName;
  summary.getCell('A1').font = { bold: true, size: 14 };
  summary.getCell('A2').value =
    `Период: ${formatRuDate(range.start)} – ${formatRuDate(range.end)}; сравнение: ${input.comparedText}`;
  table(
    summary,
    ['Показатель', 'Период', 'Период для сравнения', 'Изменение, %'],
    analytics.indicators.map((c) => [indicatorLabels[c.key], c.value, c.previous, c.trend]),
    4,
  );
  analytics.indicators.forEach((c, i) => {
    const row = summary.getRow(5 + i);
    for (const cell of [2, 3]) row.getCell(cell).numFmt = numberFormatOf(c.key);
  });

  const days = workbook.addWorksheet(analyticsSheets.days, { views: [{ state: 'frozen', ySplit: 1 }] });
  table(
    days,
    ['Дата', 'Заказы', 'Выручка (оплачено)', 'Отменено'],
    analytics.days.map((d) => [formatRuDate(d.date), d.orders, d.revenue, d.cancelled]),
  );
  days.getColumn(3).numFmt = rubFormat;
  const totalRow = days.addRow([
    'Итого',
    analytics.days.reduce((n, d) => n + d.orders, 0),
    analytics.days.reduce((n, d) => n + d.revenue, 0),
    analytics.days.reduce((n, d) => n + d.cancelled, 0),
  ]);
  totalRow.font = { bold: true };

  const sources = workbook.addWorksheet(analyticsSheets.sources);
  table(
    sources,
    ['Источник', 'Заказы', 'Забронировано на сумму', 'Выручка (оплачено)'],
    analytics.sources.map((s) => [orderSourceLabel(s.source), s.orders, s.sum, s.revenue]),
  );
  sources.getColumn(3).numFmt = rubFormat;
  sources.getColumn(4).numFmt = rubFormat;

  const hours = workbook.addWorksheet(analyticsSheets.hours);
  table(
    hours,
    ['Час', 'Заказы'],
    analytics.hours.map((h) => [`${String(h.hour).padStart(2, '0')}:00`, h.orders]),
  );

  return workbookBytes(workbook);
}
