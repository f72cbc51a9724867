import {
  addDays,
  historyPageSizes,
  historyStatusOptions,
  isCalendarDate,
  periodRange,
  statusesOfOptions,
  type DateRange,
  type HistoryView,
  type OrderStatus,
} from '@crm/shared';

/** The range kinds of the history page (S1 §2: day, week, month, year, all time, custom). */
export const historyKinds = ['day', 'week', 'month', 'year', 'all', 'custom'] as const;
export type HistoryKind = (typeof historyKinds)[number];

/**
 * Everything the history page is filtered by. It lives in the URL query (so a reload, a shared link or
 * «back» from another page shows the same list): `q`, `period`, `from`/`to`, `status`, `view`, `page`,
 * `size`. Anything missing or malformed falls back to the defaults: the current month up to today, every
 * status, cards, page 1.
 */
export interface HistoryFilters {
  search: string;
  kind: HistoryKind;
  range: DateRange;
  /** Values of `historyStatusOptions` ('cancelled' stands for the three cancelled statuses). */
  statusOptions: string[];
  view: HistoryView;
  page: number;
  pageSize: number;
}

export const filterParams = {
  search: 'q',
  kind: 'period',
  from: 'from',
  to: 'to',
  status: 'status',
  view: 'view',
  page: 'page',
  size: 'size',
} as const;

const optionValues = new Set(historyStatusOptions.map((o) => o.value));

function readKind(value: string | null): HistoryKind {
  return historyKinds.find((k) => k === value) ?? 'month';
}

/**
 * DESIGN §10: history is what happened, so a period that holds today ends today (the future lives in the
 * calendar). A custom range is taken as typed, and a period wholly in the future as stepped to. «Всё время»
 * alone is asked for without an end (`openEnd`, issue 38): an order paid ahead is found by its plate.
 */
export function pastPart(kind: HistoryKind, range: DateRange, today: string): DateRange {
  if (kind === 'custom' || range.start > today || range.end <= today) return range;
  return { start: range.start, end: today };
}

function readRange(kind: HistoryKind, from: string | null, to: string | null, today: string): DateRange {
  if (from && to && isCalendarDate(from) && isCalendarDate(to) && from <= to) {
    return pastPart(kind, { start: from, end: to }, today);
  }
  return pastPart(kind, periodRange(kind, today), today);
}

/**
 * The filters a URL asks for. `forceCards` is the phone (S1 §2: cards are forced on small screens): the
 * view is cards whatever the URL says, and a table's page size falls back to the cards' default.
 */
export function readFilters(params: URLSearchParams, today: string, forceCards: boolean): HistoryFilters {
  const kind = readKind(params.get(filterParams.kind));
  const view: HistoryView = forceCards || params.get(filterParams.view) !== 'table' ? 'cards' : 'table';
  const sizes: readonly number[] = historyPageSizes[view].options;
  const size = Number(params.get(filterParams.size));
  const page = Number(params.get(filterParams.page));
  const statusOptions = (params.get(filterParams.status) ?? '')
    .split(',')
    .filter((v, i, all) => optionValues.has(v) && all.indexOf(v) === i);
  return {
    search: params.get(filterParams.search) ?? '',
    kind,
    range: readRange(kind, params.get(filterParams.from), params.get(filterParams.to), today),
    statusOptions,
    view,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    pageSize: sizes.includes(size) ? size : historyPageSizes[view].default,
  };
}

export type FilterChange = Partial<Omit<HistoryFilters, 'page'>> & { page?: number };

/**
 * The query after a change. Changing what is listed (search, range, statuses, view, page size) goes back
 * to page 1; switching view also takes that view's default page size. Other parameters (`orderId` of
 * the open order) are kept.
 */
export function applyChange(prev: URLSearchParams, change: FilterChange): URLSearchParams {
  const next = new URLSearchParams(prev);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));

  if (change.search !== undefined) set(filterParams.search, change.search.trim());
  if (change.kind !== undefined) set(filterParams.kind, change.kind === 'month' ? null : change.kind);
  if (change.range !== undefined) {
    set(filterParams.from, change.range.start);
    set(filterParams.to, change.range.end);
  }
  if (change.statusOptions !== undefined) set(filterParams.status, change.statusOptions.join(','));
  if (change.view !== undefined) {
    set(filterParams.view, change.view === 'table' ? 'table' : null);
    next.delete(filterParams.size);
  }
  if (change.pageSize !== undefined) set(filterParams.size, String(change.pageSize));

  const listChanged = Object.keys(change).some((key) => key !== 'page');
  const page = listChanged ? 1 : (change.page ?? 1);
  set(filterParams.page, page > 1 ? String(page) : null);
  return next;
}

/** What the server is asked for: the statuses behind the chosen options, none meaning all. */
export function requestedStatuses(filters: HistoryFilters): OrderStatus[] {
  return statusesOfOptions(filters.statusOptions);
}

/** S1 §9: the list call's `date_end` is the range end plus one day (the server's end is exclusive). */
export function listEnd(range: DateRange): string {
  return addDays(range.end, 1);
}

/** Whether the list differs from the untouched page (this month to today, every status, no search). */
export function isFiltered(filters: HistoryFilters, today: string): boolean {
  const month = pastPart('month', periodRange('month', today), today);
  return (
    filters.search.trim() !== '' ||
    filters.statusOptions.length > 0 ||
    filters.range.start !== month.start ||
    filters.range.end !== month.end
  );
}

/** The query with every filter removed (view and page size stay: they are how, not what, is listed). */
export function clearFilters(prev: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const key of [filterParams.search, filterParams.kind, filterParams.from, filterParams.to])
    next.delete(key);
  next.delete(filterParams.status);
  next.delete(filterParams.page);
  return next;
}
