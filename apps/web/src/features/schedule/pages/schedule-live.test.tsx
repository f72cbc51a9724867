import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { toCalendarRow, type CalendarOrder } from '@crm/shared';
import { createQueryClient } from '../../../lib/query-client';
import { useOrderEvents } from '../../../lib/order-events';
import { setBearerToken, setSessionUser } from '../../../lib/session';
import { renderRoutes } from '../../../test/render';
import { makeOrder, makeStation, orderDetails, scheduleRoutes, wholeOrder } from '../testing/fixtures';
import { FakeEventSource, serve } from '../testing/harness';

// Issue 15: an order event refetches that one order, not the calendar's week. The real order modal is
// mounted here (the other calendar tests stand it in), to see it load the whole order.
vi.setConfig({ testTimeout: 20_000 });

// Wednesday 13 May 2026 in Novosibirsk (UTC+7); the week is Monday 11 – Sunday 17 May.
const WEEK = '/station/s1?view=week&date=2026-05-13';
const at = (hhmm: string, date = '13') => new Date(`2026-05-${date}T${hhmm}:00+07:00`).toISOString();
const o1 = makeOrder(at('10:00'), at('10:30'), { id: 'o1' });
const o2 = makeOrder(at('12:00'), at('13:00'), { id: 'o2', brand: 'Lada', model: 'Vesta', box_number: 2 });

/** The calendar under the live order stream, as the station guard mounts it. */
function show(path: string, api: ReturnType<typeof serve>) {
  const station = makeStation();
  function Live() {
    useOrderEvents(station.id);
    return <Outlet />;
  }
  const client = createQueryClient();
  client.setQueryData(['user', api.user.id], { user: api.user, redirect_to: null });
  return renderRoutes([{ element: <Live />, children: scheduleRoutes(station) }], path, client);
}
const cardOf = (id: string) => document.querySelector<HTMLElement>(`[data-event-id="${id}"]`);
const labelOf = (id: string) => cardOf(id)?.querySelector('.ev__label')?.textContent ?? '';
const event = (orderId: string, extra: Record<string, unknown> = {}) => ({
  type: 'order.changed',
  station_id: 's1',
  order_id: orderId,
  status: 'Booked',
  ...extra,
});
/** Paths of the calls made since `from`, without the user's. */
const pathsSince = (calls: { url: string }[], from: number) =>
  calls.slice(from).map((c) => new URL(c.url, 'http://localhost').pathname);
/** The 300 ms batch has gone by, and whatever it would have called has been answered. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

beforeEach(() => {
  localStorage.clear();
  setSessionUser('u1');
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('live calendar', () => {
  it('draws the week from its rows (`GET /api/order/calendar`)', async () => {
    const api = serve({ orders: [o1, o2] });
    show(WEEK, api);
    await waitFor(() => expect(labelOf('o2')).toMatch(/^12:00–13:00, Lada Vesta/));
    expect(labelOf('o1')).toMatch(/^10:00–10:30, Kia Rio/);
    expect(api.lists.at(-1)).toEqual({ station_id: 's1', date_start: '2026-05-11', date_end: '2026-05-18' });
  });

  it('patches one changed order in on an event: that order is fetched, the week is not', async () => {
    const api = serve({ orders: [o1, o2] });
    show(WEEK, api);
    await waitFor(() => expect(cardOf('o1')).not.toBeNull());
    await settle();
    const from = api.calls.length;
    const weeks = api.lists.length;

    // Another operator moved o1 to 15:00 on Friday and started it.
    const moved = {
      ...o1,
      booking_start: at('15:00', '15'),
      booking_end: at('15:30', '15'),
      status: 'Processing' as const,
    };
    api.setOrders([moved, o2]);
    // A burst (the move, then the start) is one update.
    FakeEventSource.last!.emit('order', event('o1'));
    FakeEventSource.last!.emit('order', event('o1', { status: 'Processing' }));

    await waitFor(() => expect(labelOf('o1')).toMatch(/^15:00–15:30/));
    expect(cardOf('o1')!.closest('[data-date]')).toHaveAttribute('data-date', '2026-05-15');
    expect(cardOf('o1')).toHaveClass('ev--processing');
    await settle();
    expect(pathsSince(api.calls, from)).toEqual(['/api/order/o1']);
    expect(api.lists).toHaveLength(weeks);
  });

  it('inserts an order created elsewhere, and drops one that was deleted (404), without the week', async () => {
    const api = serve({ orders: [o1, o2] });
    show(WEEK, api);
    await waitFor(() => expect(cardOf('o2')).not.toBeNull());
    await settle();
    const weeks = api.lists.length;
    const created = makeOrder(at('09:00', '14'), at('09:30', '14'), {
      id: 'o3',
      brand: 'Skoda',
      model: 'Octavia',
    });
    api.setOrders([o1, created]);
    FakeEventSource.last!.emit('order', event('o3', { type: 'order.created', status: 'Accepted' }));
    FakeEventSource.last!.emit('order', event('o2'));

    await waitFor(() => expect(cardOf('o2')).toBeNull());
    await waitFor(() => expect(labelOf('o3')).toMatch(/^09:00–09:30, Skoda Octavia/));
    expect(cardOf('o1')).not.toBeNull();
    await settle();
    expect(api.lists).toHaveLength(weeks);
  });

  it('draws an event that carries its orders with no request at all (issue 40)', async () => {
    const api = serve({ orders: [o1, o2] });
    const { router } = show(`${WEEK}&orderId=o1`, api);
    expect(await screen.findByText('Комплексная мойка', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(cardOf('o2')).not.toBeNull());
    await settle();
    const from = api.calls.length;

    // Created elsewhere, o1 started (its modal is open), o2 gone: each with its state, one event apiece.
    const created = makeOrder(at('09:00', '14'), at('09:30', '14'), {
      id: 'o3',
      brand: 'Skoda',
      model: 'Octavia',
    });
    const started = { ...o1, status: 'Processing' as const };
    const carry = (order: { id: string }, details: unknown) =>
      event(order.id, { changes: [{ order_id: order.id, details }] });
    FakeEventSource.last!.emit('order', carry(created, orderDetails(wholeOrder(created))));
    FakeEventSource.last!.emit('order', carry(started, orderDetails(wholeOrder(started))));
    FakeEventSource.last!.emit('order', carry(o2, null));

    await waitFor(() => expect(labelOf('o3')).toMatch(/^09:00–09:30, Skoda Octavia/));
    expect(cardOf('o1')).toHaveClass('ev--processing');
    expect(cardOf('o2')).toBeNull();
    const modal = within(document.querySelector<HTMLElement>('.ant-modal')!);
    expect((await modal.findAllByText('В процессе')).length).toBeGreaterThan(0);
    expect(router.state.location.search).toContain('orderId=o1');
    await settle();
    await settle();
    // Nothing asked: not the orders, not the week, not the strip's counts.
    expect(pathsSince(api.calls, from)).toEqual([]);
  });

  it('reloads the week when the stream opens behind what the week holds, and only then (issue 40)', async () => {
    const api = serve({ orders: [o1] });
    show(WEEK, api);
    await waitFor(() => expect(cardOf('o1')).not.toBeNull());
    await settle();
    const weeks = api.lists.length;
    // The week was read at version 40 (the harness's), the station is still there: nothing to reload.
    FakeEventSource.last!.emit('ready', { version: 40 });
    await settle();
    await settle();
    expect(api.lists).toHaveLength(weeks);
    // A write came while the stream was down (it reopens at 41): the week is read again.
    api.setOrders([o1, o2]);
    FakeEventSource.last!.emit('ready', { version: 41 });
    await waitFor(() => expect(cardOf('o2')).not.toBeNull());
    expect(api.lists).toHaveLength(weeks + 1);
  });

  it('reloads the week when an event cannot be applied one order at a time', async () => {
    const api = serve({ orders: [o1] });
    show(WEEK, api);
    await waitFor(() => expect(cardOf('o1')).not.toBeNull());
    await settle();
    const from = api.calls.length;
    const weeks = api.lists.length;
    // A blocked slot: one row per box.
    const blockers = [1, 2].map((box) =>
      makeOrder(at('14:00'), at('15:00'), {
        id: `b${box}`,
        box_number: box,
        order_type: 'BlockerBookingSlot',
      }),
    );
    api.setOrders([o1, ...blockers]);
    FakeEventSource.last!.emit('order', event('b2', { order_ids: ['b1', 'b2'] }));
    await waitFor(() => expect(document.querySelectorAll('.ev--blocker')).toHaveLength(1));
    expect(api.lists).toHaveLength(weeks + 1);
    expect(pathsSince(api.calls, from)).not.toContain('/api/order/b2');

    // An event of a shape this client does not know: the same.
    FakeEventSource.last!.emit('order', '{"type":"orders.bulk"}');
    await waitFor(() => expect(api.lists).toHaveLength(weeks + 2));
  });

  it('reloads the week when the changed order cannot be fetched', async () => {
    const api = serve({ orders: [o1] });
    show(WEEK, api);
    await waitFor(() => expect(cardOf('o1')).not.toBeNull());
    await settle();
    const weeks = api.lists.length;
    const fetchOk = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith('/api/order/o1')
        ? new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }), { status: 500 })
        : fetchOk(input, init)) as typeof fetch;
    FakeEventSource.last!.emit('order', event('o1'));
    await waitFor(() => expect(api.lists).toHaveLength(weeks + 1));
  });

  it('opens the whole order in the modal from a card, and an event updates the open modal without a second call', async () => {
    const api = serve({ orders: [o1, o2] });
    const { router } = show(WEEK, api);
    await waitFor(() => expect(cardOf('o1')).not.toBeNull());
    fireEvent.click(cardOf('o1')!);
    expect(router.state.location.search).toContain('orderId=o1');
    // What the week does not carry: the tariff's name comes with the whole order.
    expect(await screen.findByText('Комплексная мойка', {}, { timeout: 10_000 })).toBeInTheDocument();
    await settle();
    const detailCalls = () => api.calls.filter((c) => c.url.startsWith('/api/order/o1')).length;
    const opened = detailCalls();
    const weeks = api.lists.length;

    api.setOrders([{ ...o1, status: 'Processing' }, o2]);
    FakeEventSource.last!.emit('order', event('o1', { status: 'Processing' }));
    await waitFor(() => expect(cardOf('o1')).toHaveClass('ev--processing'));
    await settle();
    // The event's own call, which the open modal now shows.
    expect(detailCalls()).toBe(opened + 1);
    const modal = within(document.querySelector<HTMLElement>('.ant-modal')!);
    expect((await modal.findAllByText('В процессе')).length).toBeGreaterThan(0);
    expect(api.lists).toHaveLength(weeks);
  });
});

describe('bytes per order event (issue 15)', () => {
  it('fetch one order (a few KB) instead of the week of 300 orders', async () => {
    // A busy week: 300 orders, Monday to Saturday, 09:00–21:00 on 2 boxes.
    const orders: CalendarOrder[] = Array.from({ length: 300 }, (_, i) => {
      const day = String(11 + (i % 6)).padStart(2, '0');
      const hour = String(9 + (Math.floor(i / 12) % 12)).padStart(2, '0');
      return makeOrder(at(`${hour}:00`, day), at(`${hour}:30`, day), {
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        box_number: 1 + (i % 2),
        number: 10_000 + i,
      });
    });
    const api = serve({ orders });
    const bytes: Record<string, number> = {};
    const fetchCounted = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await fetchCounted(input, init);
      const path = new URL(String(input), 'http://localhost').pathname;
      bytes[path] = (bytes[path] ?? 0) + (await response.clone().text()).length;
      return response;
    }) as typeof fetch;
    show(WEEK, api);
    const first = orders[0]!;
    await waitFor(() => expect(cardOf(first.id)).not.toBeNull());
    const week = bytes['/api/order/calendar']!;

    FakeEventSource.last!.emit('order', event(first.id));
    await waitFor(() => expect(bytes[`/api/order/${first.id}`]).toBeGreaterThan(0));
    await settle();
    const perEvent = Object.entries(bytes)
      .filter(([path]) => path !== '/api/order/calendar' && !path.startsWith('/api/user'))
      .reduce((sum, [, n]) => sum + n, 0);
    // Before issue 15 each event reloaded the week of whole orders (`POST /api/order/list`).
    const before = JSON.stringify({ orders: orders.map((o) => wholeOrder(o)) }).length;
    console.info(
      `bytes per order event: before ${before} (week of whole orders), after ${perEvent} (one order); ` +
        `the week itself now ${week} (${orders.length} rows)`,
    );
    expect(bytes['/api/order/calendar']).toBe(week);
    expect(perEvent).toBe(JSON.stringify(orderDetails(wholeOrder(first))).length);
    expect(perEvent * 50).toBeLessThan(before);
    expect(week).toBe(JSON.stringify({ rows: orders.map(toCalendarRow), version: 40 }).length);
  });
});

describe('the order stream', () => {
  it('opens with the session cookie, no ticket, for an ordinary browser', async () => {
    const api = serve({ orders: [o1] });
    show(WEEK, api);
    await waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/events?station_id=s1'));
    expect(FakeEventSource.last!.init).toEqual({ withCredentials: true });
    expect(pathsSince(api.calls, 0)).not.toContain('/api/events/ticket');
  });

  it('in Telegram (a bearer token) opens with a ticket, and a refused reconnection gets a new one', async () => {
    setBearerToken('tg-token');
    try {
      const api = serve({ orders: [o1] });
      show(WEEK, api);
      // StrictMode mounts twice: the first mount's ticket is not used.
      const ticketOf = () =>
        /^\/api\/events\?station_id=s1&ticket=ticket-(\d+)$/.exec(FakeEventSource.last?.url ?? '');
      await waitFor(() => expect(ticketOf()).not.toBeNull());
      const first = Number(ticketOf()![1]);
      const ticketCall = api.calls.find((c) => c.url.startsWith('/api/events/ticket'))!;
      expect(JSON.parse(String(ticketCall.init.body))).toEqual({ station_id: 's1' });
      expect(new Headers(ticketCall.init.headers).get('authorization')).toBe('Bearer tg-token');

      // The events still reach the calendar through it.
      await waitFor(() => expect(cardOf('o1')).not.toBeNull());
      api.setOrders([{ ...o1, brand: 'Skoda', model: 'Octavia' }]);
      FakeEventSource.last!.emit('order', event('o1'));
      await waitFor(() => expect(labelOf('o1')).toMatch(/Skoda Octavia/));

      // The connection dropped and the browser's reconnection, with the expired ticket, was refused.
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const refused = FakeEventSource.last!;
      refused.refuse();
      expect(refused.closed).toBe(true);
      await vi.advanceTimersByTimeAsync(8_000);
      await waitFor(() => expect(Number(ticketOf()?.[1])).toBe(first + 1));
    } finally {
      vi.useRealTimers();
      setBearerToken(null);
    }
  });
});
