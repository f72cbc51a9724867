/**
 * Date ranges of the period selector (S1 §2 «Shared screens»: day, week, month, year, optionally quarter
 * and all time) and of the history range selector. Dates are the station's local calendar dates,
 * `YYYY-MM-DD`, and both ends are inclusive. Plain UTC arithmetic on date strings: no time zone is involved.
 */
export const periodKinds = ['day', 'week', 'month', 'quarter', 'year', 'all', 'custom'] as const;
export type PeriodKind = (typeof periodKinds)[number];

export const periodLabels: Record<PeriodKind, string> = {
  day: 'День',
  week: 'Неделя',
  month: 'Месяц',
  quarter: 'Квартал',
  year: 'Год',
  all: 'Всё время',
  custom: 'Период',
};

/** «All time» in history starts here (S1 §2). */
export const allTimeStart = '2022-01-01';

export interface DateRange {
  /** First day, inclusive. */
  start: string;
  /** Last day, inclusive. */
  end: string;
}

const toDate = (date: string) => new Date(`${date}T00:00:00Z`);
const toIso = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  const d = toDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return toIso(d);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toDate(to).getTime() - toDate(from).getTime()) / 86_400_000);
}

/** A real calendar date as YYYY-MM-DD (2030-02-31 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = toDate(value);
  return !Number.isNaN(date.getTime()) && toIso(date) === value;
}

function monthStart(date: string, monthsBack = 0): string {
  const d = toDate(date);
  return toIso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsBack, 1)));
}

function monthEnd(date: string): string {
  const d = toDate(date);
  return toIso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)));
}

/**
 * The period of a kind that contains `today`: the calendar day, the week from Monday, the calendar
 * month, quarter or year; «all time» runs from 2022-01-01. `custom` has no default and gives today.
 */
export function periodRange(kind: PeriodKind, today: string): DateRange {
  switch (kind) {
    case 'day':
    case 'custom':
      return { start: today, end: today };
    case 'week': {
      const weekday = (toDate(today).getUTCDay() + 6) % 7; // Monday 0
      const start = addDays(today, -weekday);
      return { start, end: addDays(start, 6) };
    }
    case 'month':
      return { start: monthStart(today), end: monthEnd(today) };
    case 'quarter': {
      const d = toDate(today);
      const first = Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3, 1);
      const start = toIso(new Date(first));
      return { start, end: monthEnd(addDays(monthStart(start), 62)) };
    }
    case 'year': {
      const year = today.slice(0, 4);
      return { start: `${year}-01-01`, end: `${year}-12-31` };
    }
    case 'all':
      return { start: allTimeStart, end: today };
  }
}

/**
 * The period just before `range`, to compare with (S1 §2 trend): the previous calendar month, quarter or
 * year when `range` is a whole one, otherwise the same number of days immediately before.
 */
export function previousRange(range: DateRange): DateRange {
  const isWholeMonths = range.start === monthStart(range.start) && range.end === monthEnd(range.end);
  if (isWholeMonths) {
    const months =
      (toDate(range.end).getUTCFullYear() - toDate(range.start).getUTCFullYear()) * 12 +
      toDate(range.end).getUTCMonth() -
      toDate(range.start).getUTCMonth() +
      1;
    const start = monthStart(range.start, months);
    return { start, end: addDays(range.start, -1) };
  }
  const length = daysBetween(range.start, range.end) + 1;
  return { start: addDays(range.start, -length), end: addDays(range.start, -1) };
}

/** Every date of the range, in order. */
export function datesOf(range: DateRange): string[] {
  const out: string[] = [];
  for (let d = range.start; d <= range.end; d = addDays(d, 1)) out.push(d);
  return out;
}

/** `2026-11-22` → `22.11.2026` (S1 §2: dates are DD.MM.YYYY). */
export function formatRuDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y}`;
}

function addMonths(date: string, months: number): string {
  return monthStart(date, -months);
}

/**
 * The same kind of period `step` periods later (or earlier when negative): the arrows of the period
 * selector. «All time» does not move; a custom range moves by its own length.
 */
export function shiftPeriod(kind: PeriodKind, range: DateRange, step: number): DateRange {
  switch (kind) {
    case 'day':
      return periodRange('day', addDays(range.start, step));
    case 'week':
      return periodRange('week', addDays(range.start, 7 * step));
    case 'month':
      return periodRange('month', addMonths(range.start, step));
    case 'quarter':
      return periodRange('quarter', addMonths(range.start, 3 * step));
    case 'year':
      return periodRange('year', addMonths(range.start, 12 * step));
    case 'all':
      return range;
    case 'custom': {
      const length = daysBetween(range.start, range.end) + 1;
      return { start: addDays(range.start, length * step), end: addDays(range.end, length * step) };
    }
  }
}

/** The same day of the month `months` later (earlier when negative), clamped to that month's last day. */
export function addMonthsClamped(date: string, months: number): string {
  const start = addMonths(date, months);
  const end = monthEnd(start);
  const day = Math.min(Number(date.slice(8, 10)), Number(end.slice(8, 10)));
  return `${start.slice(0, 8)}${String(day).padStart(2, '0')}`;
}

/** What a trend compares (DESIGN §10 «like for like»): the current span against the same span before. */
export interface Comparison {
  current: DateRange;
  previous: DateRange;
  /**
   * The period holds today: both spans stop today's time on their last day (`until` of the rating call),
   * so a morning is never set against a whole day.
   */
  soFar: boolean;
}

/** Months in a month-based period kind. */
const monthsOf: Partial<Record<PeriodKind, number>> = { month: 1, quarter: 3, year: 12 };

/**
 * Like for like (DESIGN §10): a period that holds today is compared up to today with the same days of
 * the previous period — «Неделя» Monday..today against last Monday..the same weekday, «Месяц» 1..today
 * against 1..the same day of last month (clamped: 31 March against 1–28 February), «Год» the same
 * way a year back. A day is always set against the same weekday a week before, because a car wash's
 * Monday looks like a Monday, not like the Sunday before it. A period wholly past or ahead is compared
 * whole with the whole previous one.
 */
export function likeForLike(kind: PeriodKind, range: DateRange, today: string): Comparison {
  const soFar = range.start <= today && today <= range.end;
  const end = soFar ? today : range.end;
  const current = { start: range.start, end };
  const months = monthsOf[kind];
  if (kind === 'day' || kind === 'week') {
    return { current, previous: { start: addDays(range.start, -7), end: addDays(end, -7) }, soFar };
  }
  if (months) {
    const start = monthStart(range.start, months);
    const previousEnd = soFar ? addMonthsClamped(end, -months) : addDays(range.start, -1);
    return { current, previous: { start, end: previousEnd }, soFar };
  }
  const length = daysBetween(range.start, end) + 1;
  return {
    current,
    previous: { start: addDays(range.start, -length), end: addDays(range.start, -1) },
    soFar,
  };
}
