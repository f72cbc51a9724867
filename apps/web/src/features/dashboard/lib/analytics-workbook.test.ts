import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { analyticsFor, rating } from '../testing/fixtures';
import { analyticsFileName, analyticsSheets, buildAnalyticsWorkbook } from './analytics-workbook';

describe('analytics workbook', () => {
  it('holds the indicators with the previous period, and the days, sources and hours', async () => {
    const range = { start: '2026-11-16', end: '2026-11-22' };
    const current = rating({
      all_orders: 10,
      all_orders_sum: 15_000,
      booking_completed_sum: 12_000,
      rating: 4.5,
    });
    const previous = rating({
      all_orders: 8,
      all_orders_sum: 12_000,
      booking_completed_sum: 10_000,
      rating: 4.5,
    });
    const file = await buildAnalyticsWorkbook({
      stationName: 'Мойка на Ленина',
      range,
      previousRange: { start: '2026-11-09', end: '2026-11-15' },
      analytics: analyticsFor(current, ['2026-11-16', '2026-11-17']),
      previous,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file);
    expect(book.worksheets.map((s) => s.name)).toEqual(Object.values(analyticsSheets));

    const summary = book.getWorksheet('Показатели')!;
    expect(summary.getCell('A1').value).toBe('Мойка на Ленина');
    expect(summary.getCell('A2').value).toContain('16.11.2026 – 22.11.2026');
    expect(summary.getRow(4).values).toEqual([
      undefined,
      'Показатель',
      'Период',
      'Прошлый период',
      'Изменение, %',
    ]);
    expect(summary.getRow(5).values).toEqual([undefined, 'Заказы', 10, 8, 25]);
    expect(summary.getRow(6).values).toEqual([undefined, 'Выручка', 12_000, 10_000, 20]);
    expect(summary.getRow(6).getCell(2).numFmt).toBe('#,##0 "₽"');

    const days = book.getWorksheet('По дням')!;
    expect(days.getRow(1).values).toEqual([undefined, 'Дата', 'Заказы', 'Выручка', 'Отменено']);
    expect(days.getRow(2).values).toEqual([undefined, '16.11.2026', 0, 0, 0]);
    expect(days.getRow(3).values).toEqual([undefined, '17.11.2026', 1, 1000, 0]);
    expect(days.getRow(4).values).toEqual([undefined, 'Итого', 1, 1000, 0]);

    const sources = book.getWorksheet('Источники')!;
    expect(sources.getRow(2).values).toEqual([undefined, 'Станция', 3, 4500]);
    const hours = book.getWorksheet('По часам')!;
    expect(hours.getRow(14).values).toEqual([undefined, '12:00', 3]);
    expect(analyticsFileName(range)).toBe('Аналитика 16.11.2026–22.11.2026.xlsx');
  });
});
