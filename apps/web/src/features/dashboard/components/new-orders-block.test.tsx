import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@crm/shared';
import { resetAnsweredOrders } from '../lib/answered-orders';
import { analyticsFor, order, rating } from '../testing/fixtures';
import {
  apiError,
  baseRoutes,
  mockApi,
  showDashboard,
  stubResizeObserver,
  userWith,
  type Routes,
} from '../testing/harness';

/** The new-orders call answers the orders still waiting; every GET is timed. */
function newOrdersRoutes(waiting: () => Order[], gets: number[]): Routes {
  return {
    'GET /api/order/list/new/s1': () => {
      gets.push(performance.now());
      return { orders_list: waiting().map((o) => ({ order: o })), ru_services_name: {}, ru_tariff_name: {} };
    },
    'GET /api/station/analytics/s1': () => analyticsFor(rating(), []),
  };
}

const block = () => screen.findByRole('list', { name: 'Новые заказы' });

describe('«Новые заказы» on the dashboard', () => {
  beforeEach(() => {
    localStorage.clear();
    resetAnsweredOrders();
    stubResizeObserver();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('accepts: the order disappears at once and the list is asked again 500 ms after the answer', async () => {
    const user = userWith('administrator');
    const yandex = order(90, { status: 'Accepted', source: 'Yandex' });
    const own = order(150, { status: 'Accepted' });
    let waiting = [yandex, own];
    const gets: number[] = [];
    let answeredAt = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls = mockApi({
      ...baseRoutes(user),
      ...newOrdersRoutes(() => waiting, gets),
      // The accept call waits until the test lets it through: the order must already be hidden.
      'POST /api/order_booked/*': async () => {
        await held;
        waiting = [own];
        answeredAt = performance.now();
        return {};
      },
    });
    showDashboard(user);
    const list = await block();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list).toHaveTextContent('Яндекс');

    fireEvent.click(within(list).getByRole('button', { name: `Принять: ${yandex.client_car.plate_number}` }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(list).not.toHaveTextContent(yandex.client_car.plate_number);

    const before = gets.length;
    release();
    expect(await screen.findByText('Заказ успешно принят')).toBeInTheDocument();
    expect(calls.some((c) => c.path === `/api/order_booked/${yandex.id}`)).toBe(true);
    await waitFor(() => expect(gets.length).toBeGreaterThan(before), { timeout: 3000 });
    const refetch = gets.find((t) => t > answeredAt)!;
    expect(refetch - answeredAt).toBeGreaterThanOrEqual(450);
    expect(within(await block()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('declines with the chosen reason', async () => {
    const user = userWith('owner');
    const incoming = order(60, { status: 'Accepted', source: 'Yandex' });
    let waiting = [incoming];
    const gets: number[] = [];
    const calls = mockApi({
      ...baseRoutes(user),
      ...newOrdersRoutes(() => waiting, gets),
      'POST /api/order_canceled/*': () => {
        waiting = [];
        return {};
      },
    });
    showDashboard(user);
    const list = await block();
    fireEvent.click(
      within(list).getByRole('button', { name: `Отклонить: ${incoming.client_car.plate_number}` }),
    );
    // antd names every dialog «test-id» under test: find it by its title text instead.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Отклонить заказ');
    // «Другое» is the default reason (S1 §3).
    expect(within(dialog).getByRole('radio', { name: 'Другое' })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Время занято' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));

    await waitFor(() => expect(screen.queryByRole('list', { name: 'Новые заказы' })).not.toBeInTheDocument());
    expect(await screen.findByText('Запись успешно отменена')).toBeInTheDocument();
    const cancel = calls.find((c) => c.path === `/api/order_canceled/${incoming.id}`)!;
    expect(cancel.query.get('cancel_reason')).toBe('TimeBusy');
    expect(await screen.findByText('Новых заказов нет')).toBeInTheDocument();
  });

  it('brings the order back with «Ошибка при принятии заказа» when the accept fails', async () => {
    const user = userWith('administrator');
    const incoming = order(60, { status: 'Accepted', source: 'Yandex' });
    const gets: number[] = [];
    mockApi({
      ...baseRoutes(user),
      ...newOrdersRoutes(() => [incoming], gets),
      'POST /api/order_booked/*': () => apiError(409, 'Заказ уже изменён'),
    });
    showDashboard(user);
    const list = await block();
    fireEvent.click(within(list).getByRole('button', { name: /^Принять/ }));
    expect(await screen.findByText('Ошибка при принятии заказа')).toBeInTheDocument();
    expect(within(await block()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('lets a worker accept (a status step) but not decline (a cancel)', async () => {
    const user = userWith('worker');
    const incoming = order(60, { status: 'Accepted', source: 'Yandex' });
    mockApi({ ...baseRoutes(user), ...newOrdersRoutes(() => [incoming], []) });
    showDashboard(user);
    const list = await block();
    expect(within(list).getByRole('button', { name: /^Принять/ })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /^Отклонить/ })).not.toBeInTheDocument();
    expect(screen.getByText('Обновляются каждые 2 минуты')).toBeInTheDocument();
  });

  it('marks a partner order paid at the partner «Оплачено онлайн», an unpaid one not (issue 36)', async () => {
    const user = userWith('worker');
    const paid = order(60, { status: 'Accepted', source: 'Benzuber', payment_method: 'paid' });
    const unpaid = order(120, { status: 'Accepted', source: 'Yandex' });
    mockApi({ ...baseRoutes(user), ...newOrdersRoutes(() => [paid, unpaid], []) });
    showDashboard(user);
    const [first, second] = within(await block()).getAllByRole('listitem');
    expect(within(first!).getByText('Оплачено онлайн')).toBeInTheDocument();
    expect(within(second!).queryByText('Оплачено онлайн')).not.toBeInTheDocument();
  });
});
