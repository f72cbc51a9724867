import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { analyticsFor, rating } from '../testing/fixtures';
import { analyticsFileName, analyticsSheets, buildAnalyticsWorkbook } from './analytics-workbook';

describe('analytics workbook', () => {
  it('holds the indicators as the cards show them, and the days, sources and hours', async () => {
    // This week up to Wednesday 14:30, and last week up to the same moment.
    const range = { start: '2026-11-16', end: '2026-11-18' };
    const current = rating({ all_orders: 5, all_orders_sum: 7_500, revenue: 6_000, rating: 4.5 });
    const previous = rating({
      all_orders: 4,
      all_orders_sum: 6_000,
      revenue: 5_000,
      rating: 4.5,
    });
    const file = await buildAnalyticsWorkbook({
      stationName: 'Мойка на Ленина',
      range,
      comparedText: 'Пн–Ср этой недели против Пн–Ср прошлой недели, последний день — до 14:30',
      analytics: analyticsFor(current, ['2026-11-16', '2026-11-17'], previous),
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file);
    expect(book.worksheets.map((s) => s.name)).toEqual(Object.values(analyticsSheets));

    const summary = book.getWorksheet('Показатели')!;
    expect(summary.getCell('A1').value).toBe('Мойка на Ленина');
    expect(summary.getCell('A2').value).toBe(
      'Период: 16.11.2026 – 18.11.2026; сравнение: Пн–Ср этой недели против Пн–Ср прошлой недели, ' +
        'последний день — до 14:30',
    );
    expect(summary.getRow(4).values).toEqual([
      undefined,
      'Показатель',
      'Период',
      'Период для сравнения',
      'Изменение, %',
    ]);
    // The cards' figures: the period shown, its base and the trend between exactly those (5 against 4).
    expect(summary.getRow(5).values).toEqual([undefined, 'Заказы', 5, 4, 25]);
    expect(summary.getRow(6).values).toEqual([undefined, 'Выручка (оплачено)', 6_000, 5_000, 20]);
    expect(summary.getRow(6).getCell(2).numFmt).toBe('#,##0 "₽"');
    expect(summary.getRow(6).getCell(3).numFmt).toBe('#,##0 "₽"');

    const days = book.getWorksheet('По дням')!;
    expect(days.getRow(1).values).toEqual([undefined, 'Дата', 'Заказы', 'Выручка (оплачено)', 'Отменено']);
    expect(days.getRow(2).values).toEqual([undefined, '16.11.2026', 0, 0, 0]);
    expect(days.getRow(3).values).toEqual([undefined, '17.11.2026', 1, 1000, 0]);
    expect(days.getRow(4).values).toEqual([undefined, 'Итого', 1, 1000, 0]);

    const sources = book.getWorksheet('Источники')!;
    expect(sources.getRow(1).values).toEqual([
      undefined,
      'Источник',
      'Заказы',
      'Забронировано на сумму',
      'Выручка (оплачено)',
    ]);
    expect(sources.getRow(2).values).toEqual([undefined, 'Станция', 3, 4500, 3200]);
    const hours = book.getWorksheet('По часам')!;
    expect(hours.getRow(14).values).toEqual([undefined, '12:00', 3]);
    expect(analyticsFileName(range)).toBe('Аналитика 16.11.2026–18.11.2026.xlsx');
  });
});
