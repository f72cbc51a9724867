import { Outlet, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import {
  calendarOrderOf,
  toCalendarRow,
  type Order,
  type Position,
  type Station,
  type User,
} from '@crm/shared';
import { createQueryClient } from '../../../lib/query-client';
import { setSessionUser } from '../../../lib/session';
import { makeUser, renderRoutes } from '../../../test/render';
import { testStation } from '../../../test/fixtures';
import type { StationContext } from '../../stations/lib/station-context';
import { DashboardPage } from '../pages/dashboard-page';

type Answer = { status: number; body?: unknown };
/** A handler may answer later (a promise), to hold a call back while the test looks at the page. */
export type Handler = (body: unknown, url: URL) => Answer | unknown | Promise<Answer | unknown>;
export type Routes = Record<string, Handler>;

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export function apiError(status: number, message: string): Answer {
  return { status, body: { error: { code: status === 403 ? 'FORBIDDEN' : 'INTERNAL', message } } };
}

const isAnswer = (value: unknown): value is Answer =>
  !!value && typeof value === 'object' && 'status' in value && typeof value.status === 'number';

/**
 * Answers by `METHOD /api/path`, or by a prefix key ending in `*` (`POST /api/order_booked/*`); anything
 * else is a 404. Returns every call made.
 */
export function mockApi(routes: Routes): Call[] {
  const calls: Call[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    const key = `${method} ${url.pathname}`;
    const handler =
      routes[key] ??
      Object.entries(routes).find(([k]) => k.endsWith('*') && key.startsWith(k.slice(0, -1)))?.[1];
    const result = handler
      ? await handler(body, url)
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'нет' } } };
    const answer = isAnswer(result) ? result : { status: 200, body: result };
    return new Response(answer.status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
  return calls;
}

export function userWith(position: Position | null, over: Partial<User> = {}): User {
  return makeUser({
    position,
    networks: position ? [{ id: 'n1', name: 'Демо-сеть', position }] : [],
    ...over,
  });
}

/** What the dashboard reads besides its own figures: config, CRM data, the station list, tariffs. */
export function baseRoutes(user: User, station: Station = testStation()): Routes {
  return {
    'GET /api/auth/config': () => ({
      provider: 'local',
      demo: true,
      telegramBotName: 'carwash_crm_bot',
      supportUrl: 'https://t.me/help',
      mapTileUrl: 'x',
    }),
    'GET /api/user/get_crm_data/u1': () => ({ crm_data: { isCloseNotificationTgBot: true } }),
    'POST /api/station/list': () => ({ stations: [station] }),
    'GET /api/station/tariff/s1': () => ({ yatariff: [{ id: 'y1', name: 'Экспресс', active: true }] }),
    'GET /api/order/list/new/s1': () => ({ orders_list: [], ru_services_name: {}, ru_tariff_name: {} }),
    'GET /api/order/calendar': () => calendarRows([]),
  };
}

/** `GET /api/order/calendar`'s answer (the dashboard's windows) for these whole orders. */
export function calendarRows(orders: Order[]) {
  return { rows: orders.map((order) => toCalendarRow(calendarOrderOf(order))) };
}

/** The page where the router went, with the state it was given (for «Активировать»). */
function Elsewhere({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} {JSON.stringify(location.state)}
    </p>
  );
}

export function dashboardRoutes(station: Station, canManage = true): RouteObject[] {
  const context: StationContext = { station, external: false, canManage };
  return [
    {
      path: '/station/:stationId',
      element: <Outlet context={context} />,
      children: [
        { path: 'dashboard', element: <DashboardPage /> },
        { path: 'tariffs', element: <Elsewhere name="Тарифы" /> },
      ],
    },
  ];
}

/** The dashboard of `station` for `user` (already in the cache, so rights never wait on a load). */
export function showDashboard(user: User, { station = testStation(), search = '' } = {}) {
  setSessionUser(user.id);
  const client = createQueryClient();
  client.setQueryData(['user', user.id], { user, redirect_to: null });
  const canManage = user.role === 'admin' || ['owner', 'principal'].includes(user.position ?? '');
  return renderRoutes(
    dashboardRoutes(station, canManage),
    `/station/${station.id}/dashboard${search}`,
    client,
  );
}

export const answeredCalls = (calls: Call[], path: RegExp) =>
  calls.filter((c) => c.method === 'POST' && path.test(c.path));

/** recharts measures its box; happy-dom has no layout, so the charts themselves render empty. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
