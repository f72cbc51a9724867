import { describe, expect, it } from 'vitest';
import { datesOf } from '@crm/shared';
import {
  countsSummary,
  hourBars,
  hoursSummary,
  ordersWord,
  sourceBars,
  sourcesSummary,
  statusBars,
  timeline,
  timelineSummary,
} from './chart-data';

const days = (start: string, end: string) =>
  datesOf({ start, end }).map((date, i) => ({ date, orders: 1, revenue: 100 * (i + 1), cancelled: 0 }));

describe('chart data', () => {
  it('says «заказ» in the right form', () => {
    expect([1, 2, 5, 11, 21, 22, 112].map(ordersWord)).toEqual([
      '1 заказ',
      '2 заказа',
      '5 заказов',
      '11 заказов',
      '21 заказ',
      '22 заказа',
      '112 заказов',
    ]);
  });

  it('draws a bar per day up to two months, then one per month', () => {
    const week = timeline(days('2026-11-16', '2026-11-22'));
    expect(week.map((p) => p.label)).toEqual(['16.11', '17.11', '18.11', '19.11', '20.11', '21.11', '22.11']);
    expect(week[0]!.title).toBe('16.11.2026');

    const year = timeline(days('2026-01-01', '2026-12-31'));
    expect(year).toHaveLength(12);
    expect(year[0]).toMatchObject({ label: 'янв', title: 'январь 2026', orders: 31 });
    expect(year[1]!.orders).toBe(28);
    expect(year.reduce((n, p) => n + p.orders, 0)).toBe(365);
  });

  it('sums the period up in words', () => {
    const points = timeline([
      { date: '2026-11-16', orders: 2, revenue: 3000, cancelled: 0 },
      { date: '2026-11-17', orders: 5, revenue: 2000, cancelled: 1 },
    ]);
    expect(timelineSummary(points).replace(/\s/g, ' ')).toBe(
      'За период 7 заказов, выручка 5 000 ₽. Больше всего заказов — 17.11.2026: 5 заказов. ' +
        'Наибольшая выручка — 16.11.2026: 3 000 ₽.',
    );
    expect(timelineSummary(timeline([{ date: '2026-11-16', orders: 0, revenue: 0, cancelled: 0 }]))).toBe(
      'За период заказов нет.',
    );
  });

  it('gives each source its booked value and its money taken as two named figures, and their totals', () => {
    const bars = sourceBars([
      { source: 'Own', orders: 3, sum: 4500, revenue: 3000 },
      // Nothing booked in the period, but last week's prepaid order was paid in it.
      { source: 'Yandex', orders: 0, sum: 0, revenue: 1500 },
      { source: 'Benzuber', orders: 0, sum: 0, revenue: 0 },
    ]);
    expect(bars.map((b) => [b.name, b.booked, b.revenue])).toEqual([
      ['Станция', 4500, 3000],
      ['Яндекс', 0, 1500],
    ]);
    expect(sourcesSummary(bars).replace(/\s/g, ' ')).toBe(
      'Станция: 3 заказа, забронировано на 4 500 ₽, оплачено 3 000 ₽; ' +
        'Яндекс: 0 заказов, забронировано на 0 ₽, оплачено 1 500 ₽; ' +
        // The cards' «Заказы», «забронировано на» and «Выручка (оплачено)» (issue 38).
        'Всего: 3 заказа, забронировано на 4 500 ₽, оплачено 4 500 ₽.',
    );
    // One source is its own total.
    expect(sourcesSummary(bars.slice(0, 1)).replace(/\s/g, ' ')).toBe(
      'Станция: 3 заказа, забронировано на 4 500 ₽, оплачено 3 000 ₽.',
    );
    expect(sourcesSummary([])).toBe('Заказов и оплат нет.');
  });

  it('names the statuses in Russian and skips empty ones in the sentence', () => {
    const bars = statusBars([
      { status: 'Completed', orders: 3 },
      { status: 'Canceled', orders: 0 },
    ]);
    expect(countsSummary(bars)).toBe('Завершен: 3 заказа.');
  });

  it('shows the busy hours only, and names the three busiest', () => {
    const hours = Array.from({ length: 24 }, (_, hour) => ({
      hour,
      orders: hour === 9 ? 1 : hour === 13 ? 4 : hour === 18 ? 4 : hour === 20 ? 2 : 0,
    }));
    const bars = hourBars(hours);
    expect(bars[0]!.label).toBe('09:00');
    expect(bars.at(-1)!.label).toBe('20:00');
    expect(hoursSummary(bars)).toBe(
      'Чаще всего заказы начинаются: 13:00–14:00 (4 заказа), 18:00–19:00 (4 заказа), 20:00–21:00 (2 заказа).',
    );
    expect(hourBars(hours.map((h) => ({ ...h, orders: 0 })))).toHaveLength(13);
  });
});
