import { Outlet } from 'react-router';
import type { Order, OrderListRequest, OrderListTotals, OrderStatus, Station } from '@crm/shared';
import { createQueryClient } from '../../../lib/query-client';
import { setSessionUser } from '../../../lib/session';
import { makeUser, renderRoutes } from '../../../test/render';
import { testOrder, testStation } from '../../../test/fixtures';
import type { StationContext } from '../../stations/lib/station-context';
import { HistoryPage } from '../pages/history-page';

/** Novosibirsk (UTC+7): far enough from the test runner's zone that a wrong clock shows. */
export const station: Station = testStation({
  name: 'Мойка на Садовой',
  time_zone: 'Asia/Novosibirsk',
  time_zone_int: 7,
});

/** A paid, completed history order as the list answers it. */
export function makeOrder(over: Partial<Order> & { status?: OrderStatus } = {}): Order {
  return testOrder({
    status: 'Completed',
    station_id: station.id,
    carwash_id: station.carwash_id,
    sum_completed: 1500,
    payment_method: 'paid_card',
    ...over,
  });
}

export function totalsOf(orders: Order[]): OrderListTotals {
  const completed = orders.filter((o) => o.status === 'Completed');
  return {
    count: orders.length,
    sum: orders.reduce((s, o) => s + o.sum, 0),
    completed_count: completed.length,
    completed_sum: completed.reduce((s, o) => s + o.sum, 0),
  };
}

export interface HistoryAnswer {
  status?: number;
  orders?: Order[];
  /** Defaults to the number of orders answered. */
  total?: number;
  totals?: OrderListTotals;
}

type Answerer = HistoryAnswer | ((body: OrderListRequest) => HistoryAnswer | Promise<HistoryAnswer>);

/**
 * The history API at the fetch level: every `POST /api/order/list` body is recorded and answered by
 * `answer` (a fixed answer, or one per request — a promise holds the answer back, to look at the page
 * while a request is in flight).
 */
export function serveHistory(answer: Answerer) {
  setSessionUser('u1');
  const user = makeUser({
    position: 'administrator',
    networks: [{ id: 'n1', name: 'Демо-сеть', position: 'administrator' }],
  });
  const lists: OrderListRequest[] = [];
  /** The headers of each list call (names in lower case), in the same order. */
  const listHeaders: Record<string, string>[] = [];
  const json = (status: number, body: unknown) =>
    new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input.toString();
    if (url.startsWith('/api/user/u1')) return json(200, { user, redirect_to: null });
    // The export names tariffs in «Подробно»: one own tariff, one partner tariff.
    if (url.startsWith('/api/own_tariffs/list/'))
      return json(200, { prices_list: [{ id: 't-own', name: 'Комплекс', active: true }] });
    if (url.startsWith('/api/station/tariff/'))
      return json(200, { yatariff: [{ id: 't-ya', name: 'Яндекс Стандарт', active: true }] });
    if (url !== '/api/order/list') return json(204, null);
    const body = JSON.parse(String(init.body)) as OrderListRequest;
    lists.push(body);
    listHeaders.push(
      Object.fromEntries([...new Headers(init.headers).entries()].map(([k, v]) => [k.toLowerCase(), v])),
    );
    const a = typeof answer === 'function' ? await answer(body) : answer;
    if (a.status && a.status !== 200) {
      return json(a.status, { error: { code: 'INTERNAL', message: 'Ошибка' } });
    }
    const orders = a.orders ?? [];
    return json(200, { orders, total: a.total ?? orders.length, totals: a.totals ?? totalsOf(orders) });
  }) as typeof fetch;
  return { lists, listHeaders, user };
}

/** The history page under a stand-in for the station guard, at `path`. */
export function showHistory(path: string, user: ReturnType<typeof makeUser>) {
  const client = createQueryClient();
  client.setQueryData(['user', user.id], { user, redirect_to: null });
  const context: StationContext = { station, external: false, canManage: false };
  return renderRoutes(
    [
      {
        path: '/station/:stationId',
        element: <Outlet context={context} />,
        children: [{ path: 'history', element: <HistoryPage /> }],
      },
    ],
    path,
    client,
  );
}

export const searchOf = (router: ReturnType<typeof showHistory>['router']) =>
  new URLSearchParams(router.state.location.search);

export { setViewport } from '../../../test/render';
