import {
  formatRub,
  formatRuDate,
  orderSourceLabel,
  orderStatusLabels,
  type OrderStatus,
  type StationAnalytics,
} from '@crm/shared';

/** «1 заказ», «3 заказа», «12 заказов». */
export function ordersWord(n: number): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  const word =
    mod10 === 1 && mod100 !== 11
      ? 'заказ'
      : mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)
        ? 'заказа'
        : 'заказов';
  return `${n.toLocaleString('ru-RU')} ${word}`;
}

export interface TimelinePoint {
  /** Axis label: «22.11» per day, «ноя» per month. */
  label: string;
  /** Tooltip and summary label: «22.11.2026» or «ноябрь 2026». */
  title: string;
  orders: number;
  revenue: number;
  cancelled: number;
}

const monthShort = ['янв', 'фев', 'мар', 'апр', 'май', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];
const monthLong = [
  'январь',
  'февраль',
  'март',
  'апрель',
  'май',
  'июнь',
  'июль',
  'август',
  'сентябрь',
  'октябрь',
  'ноябрь',
  'декабрь',
];

/** Longer than two months, a bar per day is unreadable: one per month instead. */
const DAILY_MAX_DAYS = 62;

/** Orders and revenue over the period: per day, or per month for long periods. */
export function timeline(days: StationAnalytics['days']): TimelinePoint[] {
  if (days.length <= DAILY_MAX_DAYS) {
    return days.map((d) => ({
      label: `${d.date.slice(8, 10)}.${d.date.slice(5, 7)}`,
      title: formatRuDate(d.date),
      orders: d.orders,
      revenue: d.revenue,
      cancelled: d.cancelled,
    }));
  }
  const months = new Map<string, TimelinePoint>();
  for (const d of days) {
    const key = d.date.slice(0, 7);
    const month = Number(d.date.slice(5, 7)) - 1;
    const point = months.get(key) ?? {
      label: monthShort[month]!,
      title: `${monthLong[month]} ${d.date.slice(0, 4)}`,
      orders: 0,
      revenue: 0,
      cancelled: 0,
    };
    point.orders += d.orders;
    point.revenue += d.revenue;
    point.cancelled += d.cancelled;
    months.set(key, point);
  }
  return [...months.values()];
}

export interface NamedCount {
  key: string;
  name: string;
  orders: number;
}

/** Names of the sources chart's two series: money taken and the value of what was booked are not one sum. */
export const sourceSeries = {
  revenue: 'Выручка (оплачено)',
  booked: 'Забронировано на сумму',
} as const;

export interface SourceBar extends NamedCount {
  /** Value of the live orders booked in the period, ₽. */
  booked: number;
  /** Money taken in the period from this source's orders, by payment date, ₽. */
  revenue: number;
}

/** The sources that booked or brought money in the period, named in Russian. */
export function sourceBars(sources: StationAnalytics['sources']): SourceBar[] {
  return sources
    .map((s) => ({
      key: s.source,
      name: orderSourceLabel(s.source),
      orders: s.orders,
      booked: s.sum,
      revenue: s.revenue,
    }))
    .filter((s) => s.orders > 0 || s.booked > 0 || s.revenue > 0);
}

export function statusBars(statuses: StationAnalytics['statuses']): NamedCount[] {
  return statuses.map((s) => ({
    key: s.status,
    name: orderStatusLabels[s.status as OrderStatus] ?? s.status,
    orders: s.orders,
  }));
}

export interface HourBar {
  label: string;
  hour: number;
  orders: number;
}

/** The hours with orders (from the first to the last busy hour), or 8–20 when there are none. */
export function hourBars(hours: StationAnalytics['hours']): HourBar[] {
  const busy = hours.filter((h) => h.orders > 0).map((h) => h.hour);
  const from = busy.length ? Math.min(...busy) : 8;
  const to = busy.length ? Math.max(...busy) : 20;
  return hours
    .filter((h) => h.hour >= from && h.hour <= to)
    .map((h) => ({ hour: h.hour, label: `${String(h.hour).padStart(2, '0')}:00`, orders: h.orders }));
}

// Text versions of the charts, for screen readers and for anyone who prefers a sentence to a picture.

export function timelineSummary(points: TimelinePoint[]): string {
  const orders = points.reduce((n, p) => n + p.orders, 0);
  const revenue = points.reduce((n, p) => n + p.revenue, 0);
  if (orders === 0 && revenue === 0) return 'За период заказов нет.';
  const busiest = points.reduce((a, b) => (b.orders > a.orders ? b : a));
  const richest = points.reduce((a, b) => (b.revenue > a.revenue ? b : a));
  return (
    `За период ${ordersWord(orders)}, выручка ${formatRub(revenue)}. ` +
    `Больше всего заказов — ${busiest.title}: ${ordersWord(busiest.orders)}. ` +
    `Наибольшая выручка — ${richest.title}: ${formatRub(richest.revenue)}.`
  );
}

export function countsSummary(items: NamedCount[]): string {
  const shown = items.filter((i) => i.orders > 0);
  if (shown.length === 0) return 'Заказов нет.';
  return shown.map((i) => `${i.name}: ${ordersWord(i.orders)}`).join('; ') + '.';
}

/**
 * «Яндекс: 2 заказа, забронировано на 3 000 ₽, оплачено 1 800 ₽; … Всего: …» — the totals are the cards'
 * «Заказы», its «забронировано на» and «Выручка (оплачено)» (issue 38: the chart adds up to the cards).
 * «Оплачено» is money taken in the period, prepayments of later bookings included, so it may exceed what
 * the period's own bookings are worth.
 */
export function sourcesSummary(bars: SourceBar[]): string {
  if (bars.length === 0) return 'Заказов и оплат нет.';
  const line = (name: string, orders: number, booked: number, revenue: number) =>
    `${name}: ${ordersWord(orders)}, забронировано на ${formatRub(booked)}, оплачено ${formatRub(revenue)}`;
  const total = (of: (b: SourceBar) => number) => bars.reduce((n, b) => n + of(b), 0);
  const lines = bars.map((b) => line(b.name, b.orders, b.booked, b.revenue));
  if (bars.length > 1) {
    lines.push(
      line(
        'Всего',
        total((b) => b.orders),
        total((b) => b.booked),
        total((b) => b.revenue),
      ),
    );
  }
  return lines.join('; ') + '.';
}

export function hoursSummary(bars: HourBar[]): string {
  const top = [...bars]
    .filter((b) => b.orders > 0)
    .sort((a, b) => b.orders - a.orders || a.hour - b.hour)
    .slice(0, 3);
  if (top.length === 0) return 'Заказов нет.';
  const span = (h: number) => `${String(h).padStart(2, '0')}:00–${String((h + 1) % 24).padStart(2, '0')}:00`;
  return `Чаще всего заказы начинаются: ${top.map((b) => `${span(b.hour)} (${ordersWord(b.orders)})`).join(', ')}.`;
}
