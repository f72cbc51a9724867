import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Order, User } from '@crm/shared';
import { createQueryClient } from '../../../lib/query-client';
import { setSessionUser } from '../../../lib/session';
import { renderRoutes } from '../../../test/render';
import { testStation } from '../../../test/fixtures';
import { StationGuard } from '../../stations/components/station-guard';
import { resetAnsweredOrders } from '../lib/answered-orders';
import { lazyNewOrdersModal } from './lazy-new-orders-modal';
import { DashboardPage } from '../pages/dashboard-page';
import { analyticsFor, order, rating } from '../testing/fixtures';
import { baseRoutes, calendarRows, mockApi, stubResizeObserver, userWith } from '../testing/harness';

const title = 'Новые заказы ждут ответа';

function serve(user: User, waiting: () => Order[]) {
  const station = testStation();
  return mockApi({
    'GET /api/user/u1': () => ({ user, redirect_to: null }),
    'POST /api/station/list': () => ({ stations: user.networks.length ? [station] : [] }),
    'GET /api/station/s1': () => ({ station }),
    'GET /api/order/list/new/s1': () => ({
      orders_list: waiting().map((o) => ({ order: o })),
      ru_services_name: {},
      ru_tariff_name: {},
    }),
    'POST /api/order_booked/*': () => ({}),
    'POST /api/order_canceled/*': () => ({}),
  });
}

/** A station page under the real guard: the modal must appear over any of them. */
function show(user: User, client = createQueryClient(), page = <p>Настройки станции открыты</p>) {
  setSessionUser(user.id);
  client.setQueryData(['user', user.id], { user, redirect_to: null });
  return renderRoutes(
    [
      {
        path: '/station/:stationId',
        element: <StationGuard />,
        children: [{ path: 'settings', element: page }],
      },
    ],
    '/station/s1/settings',
    client,
  );
}

const modal = async () => {
  const heading = await screen.findByText(title, { exact: false });
  return heading.closest('[role="dialog"]') as HTMLElement;
};

describe('the blocking new-orders modal (S1 §1)', () => {
  beforeEach(() => {
    localStorage.clear();
    resetAnsweredOrders();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('blocks the administrator until every incoming order is answered; own staff orders do not count', async () => {
    const user = userWith('administrator');
    const yandex = order(60, { status: 'Accepted', source: 'Yandex' });
    const selfBooked = order(90, { status: 'Accepted', source: 'Own', order_type: 'SelfService' });
    const staffMade = order(120, { status: 'Accepted', source: 'Own', order_type: 'Booking' });
    let waiting = [yandex, selfBooked, staffMade];
    const calls = serve(user, () => waiting);
    show(user);
    await screen.findByText('Настройки станции открыты');
    const dialog = await modal();
    expect(dialog).toHaveTextContent('Мойка на Ленина');
    const rows = within(dialog).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(dialog).toHaveTextContent('Яндекс');
    expect(dialog).toHaveTextContent('Самозапись');
    expect(dialog).not.toHaveTextContent(staffMade.client_car.plate_number);
    // No way out but an answer: no close button, Escape and the mask do nothing.
    expect(within(dialog).queryByRole('button', { name: /Закрыть|Close/ })).not.toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    const wrap = document.querySelector('.plain-dialog__wrap')!;
    fireEvent.mouseDown(wrap);
    fireEvent.mouseUp(wrap);
    fireEvent.click(wrap);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByText(title, { exact: false })).toBeInTheDocument();

    fireEvent.click(
      within(dialog).getByRole('button', { name: `Принять: ${yandex.client_car.plate_number}` }),
    );
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
    await waitFor(() => expect(calls.some((c) => c.path === `/api/order_booked/${yandex.id}`)).toBe(true));

    fireEvent.click(
      within(dialog).getByRole('button', { name: `Отклонить: ${selfBooked.client_car.plate_number}` }),
    );
    const reasons = await screen.findByRole('radiogroup', { name: 'Причина отказа' });
    fireEvent.click(within(reasons).getByRole('radio', { name: 'Станция не работает' }));
    waiting = [staffMade];
    fireEvent.click(screen.getByRole('button', { name: 'Отклонить' }));
    await waitFor(() =>
      expect(
        calls.find((c) => c.path === `/api/order_canceled/${selfBooked.id}`)?.query.get('cancel_reason'),
      ).toBe('NotWorking'),
    );
    // The last answer lifts the block.
    await waitFor(() => expect(screen.queryByText(title, { exact: false })).not.toBeInTheDocument());
  }, 20_000);

  it('lets only role admin put it aside, with Escape', async () => {
    const admin = userWith(null, { role: 'admin' });
    serve(admin, () => [order(60, { status: 'Accepted', source: 'Yandex' })]);
    show(admin);
    const dialog = await modal();
    expect(dialog).toHaveTextContent('окно можно закрыть');
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByText(title, { exact: false })).not.toBeInTheDocument());
  });

  it('lets role admin close it by clicking outside', async () => {
    const admin = userWith(null, { role: 'admin' });
    serve(admin, () => [order(60, { status: 'Accepted', source: 'Yandex' })]);
    show(admin);
    await modal();
    const wrap = document.querySelector('.plain-dialog__wrap')!;
    fireEvent.mouseDown(wrap);
    fireEvent.mouseUp(wrap);
    fireEvent.click(wrap);
    await waitFor(() => expect(screen.queryByText(title, { exact: false })).not.toBeInTheDocument());
  });

  it('is there at once when orders wait on arrival, and zooms in for one that arrives while working', async () => {
    const user = userWith('administrator');
    serve(user, () => [order(60, { status: 'Accepted', source: 'Yandex' })]);
    show(user);
    const onArrival = (await modal()).closest('.plain-dialog') as HTMLElement;
    // No motion: the window is open in its first frame, not scaled up from 20 % over 0.3 s.
    expect(onArrival).not.toHaveClass('plain-dialog--animate');
    cleanup();

    let waiting: Order[] = [];
    serve(user, () => waiting);
    const { queryClient } = show(user);
    await screen.findByText('Настройки станции открыты');
    await waitFor(() => expect(queryClient.getQueryData(['orders', 's1', 'new'])).toEqual([]));
    waiting = [order(90, { status: 'Accepted', source: 'Yandex' })];
    await queryClient.invalidateQueries({ queryKey: ['orders', 's1', 'new'] });
    const later = (await modal()).closest('.plain-dialog') as HTMLElement;
    expect(later).toHaveClass('plain-dialog--animate');
  });

  it('commits alone on arrival where its orders and code are ready, and the page under it just after', async () => {
    const user = userWith('administrator');
    const waiting = [order(60, { status: 'Accepted', source: 'Yandex' })];
    serve(user, () => waiting);
    await lazyNewOrdersModal.preload();
    // Whether the window was in the document when the page first rendered.
    const windowBeforePage: boolean[] = [];
    function Page() {
      windowBeforePage.push(document.querySelector('[role="dialog"]') !== null);
      return <p>Настройки станции открыты</p>;
    }
    const client = createQueryClient();
    client.setQueryData(['stations', user.id], [testStation()]);
    client.setQueryData(['orders', 's1', 'new'], waiting);
    show(user, client, <Page />);
    await screen.findByText('Настройки станции открыты');
    expect(windowBeforePage[0]).toBe(true);
    cleanup();

    // Nothing waits: the page is there in the first commit, as always.
    windowBeforePage.length = 0;
    const none = createQueryClient();
    none.setQueryData(['stations', user.id], [testStation()]);
    none.setQueryData(['orders', 's1', 'new'], []);
    serve(user, () => []);
    show(user, none, <Page />);
    await screen.findByText('Настройки станции открыты');
    expect(windowBeforePage[0]).toBe(false);
  });

  it('keeps the dashboard under the window it found on arrival to its new orders, the rest once it closes', async () => {
    stubResizeObserver();
    const user = userWith('administrator');
    let waiting = [order(60, { status: 'Accepted', source: 'Yandex' })];
    const plate = waiting[0]!.client_car.plate_number;
    const calls = mockApi({
      ...baseRoutes(user),
      'GET /api/user/u1': () => ({ user, redirect_to: null }),
      'GET /api/station/s1': () => ({ station: testStation() }),
      'GET /api/order/list/new/s1': () => ({
        orders_list: waiting.map((o) => ({ order: o })),
        ru_services_name: {},
        ru_tariff_name: {},
      }),
      'GET /api/order/calendar': () => calendarRows([order(120, { status: 'Booked' })]),
      'GET /api/station/analytics/s1': () => analyticsFor(rating({ all_orders: 4, total_count: 4 }), []),
      'POST /api/order_booked/*': () => {
        waiting = [];
        return {};
      },
    });
    await lazyNewOrdersModal.preload();
    const client = createQueryClient();
    client.setQueryData(['stations', user.id], [testStation()]);
    client.setQueryData(['orders', 's1', 'new'], waiting);
    const { queryClient } = show(user, client, <DashboardPage />);
    const dialog = await modal();
    // Under it: the same order in «Новые заказы», nothing of the figures or today's lists, not even asked.
    const overview = await screen.findByRole('tabpanel', { name: 'Обзор', hidden: true });
    const block = await within(overview).findByRole('list', { name: 'Новые заказы', hidden: true });
    expect(block).toHaveTextContent(plate);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('heading', { name: 'Показатели' })).not.toBeInTheDocument();
    const asked = (path: string) => calls.some((c) => c.path.startsWith(path));
    expect(asked('/api/order/calendar')).toBe(false);
    expect(asked('/api/station/analytics')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: `Принять: ${plate}` }));
    await waitFor(() => expect(screen.queryByText(title, { exact: false })).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Показатели' })).toBeInTheDocument();
    await waitFor(() => expect(asked('/api/order/calendar') && asked('/api/station/analytics')).toBe(true));

    // A window that opens while working leaves the page whole.
    waiting = [order(150, { status: 'Accepted', source: 'Yandex' })];
    await queryClient.invalidateQueries({ queryKey: ['orders', 's1', 'new'] });
    await modal();
    expect(screen.getByRole('heading', { name: 'Показатели' })).toBeInTheDocument();
  }, 20_000);

  it('is not shown to a worker, who only views orders', async () => {
    const worker = userWith('worker');
    const calls = serve(worker, () => [order(60, { status: 'Accepted', source: 'Yandex' })]);
    show(worker);
    await screen.findByText('Настройки станции открыты');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText(title, { exact: false })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/order/list/new/s1')).toBe(false);
  });
});
