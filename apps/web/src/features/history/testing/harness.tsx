import { Outlet } from 'react-router';
import type { Order, OrderListRequest, OrderListTotals, OrderStatus, Station } from '@crm/shared';
import { createQueryClient } from '../../../lib/query-client';
import { setSessionUser } from '../../../lib/session';
import { makeUser, renderRoutes } from '../../../test/render';
import { testStation } from '../../../test/fixtures';
import type { StationContext } from '../../stations/lib/station-context';
import { HistoryPage } from '../pages/history-page';

/** Novosibirsk (UTC+7): far enough from the test runner's zone that a wrong clock shows. */
export const station: Station = testStation({
  name: 'Мойка на Садовой',
  time_zone: 'Asia/Novosibirsk',
  time_zone_int: 7,
});

let seq = 0;

/** A history order as the list answers it. */
export function makeOrder(over: Partial<Order> & { status?: OrderStatus } = {}): Order {
  seq += 1;
  return {
    id: `o${seq}`,
    status: 'Completed',
    source: 'Own',
    order_type: 'Booking',
    booking_start: '2026-06-10T03:00:00.000Z',
    booking_end: '2026-06-10T03:30:00.000Z',
    date_start: null,
    date_end: null,
    date_create: '2026-06-01T09:00:00.000Z',
    station_id: station.id,
    carwash_id: station.carwash_id,
    network_id: 'n1',
    box_number: 1,
    extended_id: null,
    contract_id: 'Individual',
    client_type: 'Individual',
    driver_id: null,
    driver: null,
    phones: [],
    sum: 1500,
    sum_completed: 1500,
    sum_manual: false,
    payment_method: 'paid_card',
    comment: '',
    system_comment: '',
    reason: null,
    client_car: {
      brand: 'Kia',
      model: 'Rio',
      plate_number: 'А123ВС54',
      body_type: 'Седан',
      body_color: '',
      car_class: 'Compact',
      category: 'Compact',
    },
    basket: {
      tariff_id: 't1',
      slot_id: null,
      price_element_id: null,
      total_duration_minutes: 30,
      total_amount: 1500,
      include_service_amount: 1500,
      additional_service_amounts: {},
      compensation_amount: 0,
      user_need_to_pay_amount: 1500,
    },
    ...over,
  };
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

export const setViewport = (width: number) =>
  (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM.setViewport({
    width,
    height: 800,
  });
