import { fireEvent, screen, within } from '@testing-library/react';
import { makeUser, mockFetch, renderRoutes } from '../../../test/render';
import { setSessionUser } from '../../../lib/session';
import type { Position } from '@crm/shared';
import { OrderModals } from '../index';
import { cars, station, tariffList, tariffs } from './fixtures';

type Answer = { status: number; body?: unknown };
export type Routes = Record<string, (body: unknown, url: URL) => Answer | unknown>;

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** The catalogue every order form reads, and the signed-in user with a position at the station. */
export function baseRoutes(position: Position = 'administrator'): Routes {
  return {
    'GET /api/user/u1': () => ({
      user: makeUser({ position, networks: [{ id: 'n1', name: 'Демо-сеть', position }] }),
      redirect_to: null,
    }),
    'GET /api/cars/collections': () => cars,
    'GET /api/own_tariffs/list/s1': () => tariffList,
    'GET /api/own_tariffs/price_get/s1/t-express': () => tariffs['t-express'],
    'GET /api/own_tariffs/price_get/s1/t-complex': () => tariffs['t-complex'],
  };
}

/** Answers by `METHOD /api/path` at the fetch level; records every call. */
export function mockApi(routes: Routes) {
  const calls: Call[] = [];
  mockFetch(async (raw, init) => {
    const url = new URL(raw, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return undefined;
    const result = await handler(body, url);
    if (result && typeof result === 'object' && 'status' in result && typeof result.status === 'number') {
      return result as Answer;
    }
    return { status: 200, body: result };
  });
  return calls;
}

export function apiError(status: number, code: string, message: string, fields?: Record<string, string>) {
  return { status, body: { error: { code, message, fields } } };
}

/** The modals mounted as the calendar mounts them, at `/station/s1?…`. */
export function renderModals(search: string) {
  setSessionUser('u1');
  return renderRoutes(
    [{ path: '/station/:stationId', element: <OrderModals station={station} /> }],
    `/station/s1${search}`,
  );
}

/** Opens an antd select by its label and clicks the option with that text. */
export async function pickOption(label: string, option: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input.closest('.ant-select') ?? input);
  const list = await screen.findAllByTitle(option);
  const item = list.find((el) => el.classList.contains('ant-select-item-option')) ?? list[list.length - 1]!;
  fireEvent.click(item);
}

/** The form item (label, control, messages) of a field label. */
export function fieldOf(label: string) {
  const control = screen.getByLabelText(label);
  return within(control.closest('.ant-form-item') as HTMLElement);
}
