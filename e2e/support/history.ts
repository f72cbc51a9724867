import type { ApiSession } from './api';
import { addDays, type ApiOrder } from './orders';

export interface HistoryTotals {
  count: number;
  sum: number;
  completed_count: number;
  completed_sum: number;
}

export interface HistoryAnswer {
  orders: (ApiOrder & { sum: number })[];
  total: number;
  totals: HistoryTotals;
}

export interface HistoryFilter {
  /** Inclusive station-local dates; the call sends the end plus one day, as the page does (S1 §9). */
  from: string;
  /** Null: no upper bound, as «Всё время» asks (issue 38). */
  to: string | null;
  search?: string;
  page?: number;
  pageSize?: number;
}

/** `POST /api/order/list` with `history: true`: what the history page should show. */
export async function historyList(
  session: ApiSession,
  stationId: string,
  filter: HistoryFilter,
): Promise<HistoryAnswer> {
  const res = await session.call('/api/order/list', {
    body: {
      station_id: stationId,
      date_start: filter.from,
      ...(filter.to === null ? {} : { date_end: addDays(filter.to, 1) }),
      history: true,
      ...(filter.search ? { search: filter.search } : {}),
      ...(filter.page ? { page: filter.page, page_size: filter.pageSize ?? 12 } : {}),
    },
  });
  if (!res.ok) throw new Error(`POST /api/order/list (history): ${res.status} ${await res.text()}`);
  return (await res.json()) as HistoryAnswer;
}

/** The calendar month holding `date` (YYYY-MM-DD), as inclusive dates. */
export function monthOf(date: string): { from: string; to: string } {
  const from = `${date.slice(0, 7)}-01`;
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  const to = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { from, to };
}

/** DD.MM.YY HH:mm on the Moscow clock (UTC+3 all year), as history shows dates (S1 §2). */
export function moscowHistoryDate(iso: string): string {
  const d = new Date(Date.parse(iso) + 3 * 3600_000).toISOString();
  return `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(2, 4)} ${d.slice(11, 16)}`;
}

/** `2026-11-01` → `01.11.2026`. */
export const ruDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
