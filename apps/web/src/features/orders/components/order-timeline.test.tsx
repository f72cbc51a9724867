import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { OrderTimelineEntry } from '@crm/shared';
import { renderRoutes } from '../../../test/render';
import { ordersKey } from '../api/order-details';
import { makeDetails, makeOrder } from '../testing/fixtures';
import { apiError, baseRoutes, mockApi, renderModals } from '../testing/harness';
import { OrderTimeline, orderTimelineTexts } from './order-timeline';

vi.setConfig({ testTimeout: 20_000 });
afterEach(cleanup);

const entry = (over: Partial<OrderTimelineEntry>): OrderTimelineEntry => ({
  id: 'e1',
  // 04:55Z is 07:55 in Moscow, where the test station is.
  at: '2026-11-25T04:55:00.000Z',
  action: 'created',
  from_status: null,
  to_status: 'Accepted',
  actor_kind: 'partner',
  actor_name: null,
  source: 'Yandex',
  ...over,
});

const events = [
  entry({}),
  entry({
    id: 'e2',
    at: '2026-11-25T05:00:00.000Z',
    action: 'status',
    from_status: 'Accepted',
    to_status: 'Booked',
    actor_kind: 'user',
    actor_name: 'Иван Петров',
    source: 'Own',
  }),
  entry({
    id: 'e3',
    at: '2026-11-25T06:30:00.000Z',
    action: 'soon',
    to_status: 'Booked',
    actor_kind: 'system',
  }),
];

function show() {
  return renderRoutes(
    [{ path: '*', element: <OrderTimeline stationId="s1" orderId="o1" timeZone="Europe/Moscow" /> }],
    '/',
  );
}

describe('OrderTimeline', () => {
  it('shows each event with what happened, who did it and when, on the station clock', async () => {
    mockApi({ 'GET /api/order/o1/events': () => ({ events }) });
    show();
    expect(await screen.findByText('Новая запись')).toBeInTheDocument();
    expect(screen.getByText('Яндекс · 25.11.2026 07:55')).toBeInTheDocument();
    expect(screen.getByText('Запись подтверждена')).toBeInTheDocument();
    expect(screen.getByText('Иван Петров · 25.11.2026 08:00')).toBeInTheDocument();
    expect(screen.getByText('Скоро начнется')).toBeInTheDocument();
    expect(screen.getByText('Система · 25.11.2026 09:30')).toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    mockApi({ 'GET /api/order/o1/events': () => ({ events: [] }) });
    show();
    expect(await screen.findByText(orderTimelineTexts.empty)).toBeInTheDocument();
  });

  it('offers a retry after a failure', async () => {
    let fail = true;
    mockApi({
      'GET /api/order/o1/events': () => (fail ? apiError(403, 'FORBIDDEN', 'Нет доступа') : { events }),
      'POST /api/error': () => ({ status: 204 }),
    });
    show();
    expect(await screen.findByText(orderTimelineTexts.failed)).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: orderTimelineTexts.retry }));
    expect(await screen.findByText('Новая запись')).toBeInTheDocument();
  });

  it('is refreshed with the station’s order queries', async () => {
    let list = [events[0]!];
    mockApi({ 'GET /api/order/o1/events': () => ({ events: list }) });
    const { queryClient } = show();
    await screen.findByText('Новая запись');
    list = events;
    await act(() => queryClient.invalidateQueries({ queryKey: ordersKey('s1') }));
    expect(await screen.findByText('Запись подтверждена')).toBeInTheDocument();
  });

  it('is the «История» tab of the order details modal', async () => {
    const calls = mockApi({
      ...baseRoutes(),
      'GET /api/order/o1': () => makeDetails(makeOrder()),
      'GET /api/order/o1/events': () => ({ events }),
    });
    renderModals('?orderId=o1');
    const tab = await screen.findByRole('tab', { name: 'История' });
    // Not fetched until opened.
    expect(calls.some((c) => c.path === '/api/order/o1/events')).toBe(false);
    fireEvent.click(tab);
    expect(await screen.findByText('Иван Петров · 25.11.2026 08:00')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/order/o1/events')).toBe(true));
  });
});
