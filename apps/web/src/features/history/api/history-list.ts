import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DateRange, Order, OrderListRequest, OrderListTotals, OrderStatus } from '@crm/shared';
import { api } from '../../../lib/api-client';
import { listEnd } from '../lib/history-filters';

/** What a history list is asked for: the station, the inclusive range, the search and the statuses. */
export interface HistoryQuery {
  stationId: string;
  range: DateRange;
  search: string;
  /** Empty means every status. */
  statuses: OrderStatus[];
  /** «Всё время»: no upper bound, so orders booked for tomorrow and later are in it too (issue 38). */
  openEnd?: boolean;
}

export interface HistoryPage {
  orders: Order[];
  total: number;
  totals: OrderListTotals;
}

/**
 * The body of `POST /api/order/list` for history (S1 §9: `date_end` is the range end plus one day).
 * Without a page the server answers every matching order: that is the export's call (made in its worker).
 */
export function historyRequest(query: HistoryQuery, page?: { page: number; size: number }): OrderListRequest {
  const search = query.search.trim();
  return {
    station_id: query.stationId,
    date_start: query.range.start,
    ...(query.openEnd ? {} : { date_end: listEnd(query.range) }),
    history: true,
    ...(search ? { search } : {}),
    ...(query.statuses.length > 0 ? { statuses: query.statuses } : {}),
    ...(page ? { page: page.page, page_size: page.size } : {}),
  };
}

const emptyTotals: OrderListTotals = { count: 0, sum: 0, completed_count: 0, completed_sum: 0 };

async function fetchHistory(body: OrderListRequest, signal?: AbortSignal): Promise<HistoryPage> {
  const answer = await api<{ orders: Order[]; total?: number; totals?: OrderListTotals }>('/order/list', {
    method: 'POST',
    body,
    signal,
  });
  return {
    orders: answer.orders,
    total: answer.total ?? answer.orders.length,
    totals: answer.totals ?? emptyTotals,
  };
}

/**
 * Every order query starts with ['orders', stationId] so that one invalidation (an order event, a status
 * change in the modal) refreshes the history too.
 */
export const historyListKey = (query: HistoryQuery, page: number, size: number) =>
  [
    'orders',
    query.stationId,
    'history',
    query.range.start,
    query.openEnd ? 'open' : query.range.end,
    query.search.trim(),
    query.statuses.join(','),
    page,
    size,
  ] as const;

export const historyListQuery = (query: HistoryQuery, page: number, size: number) =>
  queryOptions({
    queryKey: historyListKey(query, page, size),
    queryFn: ({ signal }) => fetchHistory(historyRequest(query, { page, size }), signal),
    staleTime: 30_000,
    // Paging and filtering keep the previous page on screen (dimmed) instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });

export function useHistoryList(query: HistoryQuery, page: number, size: number) {
  return useQuery(historyListQuery(query, page, size));
}
