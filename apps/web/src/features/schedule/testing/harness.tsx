import { toCalendarRow, type CalendarOrder, type Position, type Station } from '@crm/shared';
import { createQueryClient } from '../../../lib/query-client';
import { makeUser, mockFetch, renderRoutes } from '../../../test/render';
import { makeStation, orderDetails, scheduleRoutes, wholeOrder } from './fixtures';

/** EventSource stand-in: records the URL and lets a test push events. */
export class FakeEventSource {
  static readonly CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = 0;
  closed = false;
  private listeners = new Map<string, Set<(event: { data: string }) => void>>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (event: { data: string }) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(fn);
  }
  removeEventListener(type: string, fn: (event: { data: string }) => void) {
    this.listeners.get(type)?.delete(fn);
  }
  close() {
    this.closed = true;
  }
  /** The server refused a (re)connection (a 401, a 502): the browser gives the source up. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.emit('error');
  }
  /** Pushes an event; `data` is sent as the server would, JSON text. */
  emit(type: string, data: unknown = {}) {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    this.listeners.get(type)?.forEach((fn) => fn({ data: text }));
  }
}

export interface ListRequest {
  station_id: string;
  date_start: string;
  date_end: string;
}

interface ServeOptions {
  orders?: CalendarOrder[];
  position?: Position;
  listStatus?: number;
}

/**
 * Fetch at the API level, with a server-side state: the week (`GET /api/order/calendar`) answers the rows
 * of `orders` that start in its range (or fails with `listStatus`), `GET /api/order/{id}` the whole order
 * (404 once it is gone), `POST /api/events/ticket` a new ticket each time. Returns the week requests made,
 * every call, a way to change the server's orders, and the user that `show` puts in the cache before the
 * first render (so a test about rights never passes only because the user had not loaded yet).
 */
export function serve({ orders = [], position = 'administrator', listStatus = 200 }: ServeOptions = {}) {
  const user = makeUser({ position, networks: [{ id: 'n1', name: 'Демо-сеть', position }] });
  const lists: ListRequest[] = [];
  let state = orders;
  let tickets = 0;
  const calls = mockFetch((url) => {
    if (url.startsWith('/api/user/u1')) return { status: 200, body: { user, redirect_to: null } };
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/api/order/calendar') {
      const request = Object.fromEntries(searchParams) as unknown as ListRequest;
      lists.push(request);
      if (listStatus !== 200)
        return { status: listStatus, body: { error: { code: 'FORBIDDEN', message: 'Нет доступа' } } };
      // The station's dates of the test station (UTC+7): [date_start 00:00, date_end 00:00).
      const from = Date.parse(`${request.date_start}T00:00:00+07:00`);
      const to = Date.parse(`${request.date_end}T00:00:00+07:00`);
      const inRange = state.filter(
        (o) => Date.parse(o.booking_start) >= from && Date.parse(o.booking_start) < to,
      );
      return { status: 200, body: { rows: inRange.map(toCalendarRow), version: 40 } };
    }
    if (pathname === '/api/events/ticket') {
      tickets++;
      return { status: 200, body: { ticket: `ticket-${tickets}`, expires_at: new Date().toISOString() } };
    }
    const details = /^\/api\/order\/([^/]+)$/.exec(pathname);
    if (details) {
      const order = state.find((o) => o.id === decodeURIComponent(details[1]!));
      return order ? { status: 200, body: orderDetails(wholeOrder(order)) } : undefined;
    }
    return { status: 204 };
  });
  /** The server's orders from now on (what a live event is about). */
  const setOrders = (next: CalendarOrder[]) => {
    state = next;
  };
  return { lists, user, calls, setOrders };
}

export function show(
  path: string,
  { station = makeStation(), user }: { station?: Station; user: ReturnType<typeof makeUser> },
) {
  const client = createQueryClient();
  client.setQueryData(['user', user.id], { user, redirect_to: null });
  // Each test opens the calendar afresh: not on the view and day an earlier test of the file left.
  for (const key of Object.keys(sessionStorage))
    if (key.startsWith('crm.calendar.place.')) sessionStorage.removeItem(key);
  return renderRoutes(scheduleRoutes(station), path, client);
}

export const searchOf = (router: ReturnType<typeof show>['router']) =>
  new URLSearchParams(router.state.location.search);
