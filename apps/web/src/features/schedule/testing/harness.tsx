import type { Order, Position, Station } from '@crm/shared';
import { createQueryClient } from '../../../lib/query-client';
import { makeUser, mockFetch, renderRoutes } from '../../../test/render';
import { makeStation, scheduleRoutes } from './fixtures';

/** EventSource stand-in: records the URL and lets a test push events. */
export class FakeEventSource {
  static last: FakeEventSource | null = null;
  private listeners = new Map<string, Set<() => void>>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(fn);
  }
  removeEventListener(type: string, fn: () => void) {
    this.listeners.get(type)?.delete(fn);
  }
  close() {}
  emit(type: string) {
    this.listeners.get(type)?.forEach((fn) => fn());
  }
}

export interface ListRequest {
  station_id: string;
  date_start: string;
  date_end: string;
}

interface ServeOptions {
  orders?: Order[];
  position?: Position;
  listStatus?: number;
}

/**
 * Fetch at the API level: the orders list answers `orders` (or fails with `listStatus`). Returns the list
 * requests made, and the user that `show` puts in the cache before the first render (so a test about
 * rights never passes only because the user had not loaded yet).
 */
export function serve({ orders = [], position = 'administrator', listStatus = 200 }: ServeOptions = {}) {
  const user = makeUser({ position, networks: [{ id: 'n1', name: 'Демо-сеть', position }] });
  const lists: ListRequest[] = [];
  mockFetch((url, init) => {
    if (url.startsWith('/api/user/u1')) return { status: 200, body: { user, redirect_to: null } };
    if (url === '/api/order/list') {
      lists.push(JSON.parse(String(init.body)) as ListRequest);
      return listStatus === 200
        ? { status: 200, body: { orders } }
        : { status: listStatus, body: { error: { code: 'FORBIDDEN', message: 'Нет доступа' } } };
    }
    return { status: 204 };
  });
  return { lists, user };
}

export function show(
  path: string,
  { station = makeStation(), user }: { station?: Station; user: ReturnType<typeof makeUser> },
) {
  const client = createQueryClient();
  client.setQueryData(['user', user.id], { user, redirect_to: null });
  return renderRoutes(scheduleRoutes(station), path, client);
}

export const searchOf = (router: ReturnType<typeof show>['router']) =>
  new URLSearchParams(router.state.location.search);
