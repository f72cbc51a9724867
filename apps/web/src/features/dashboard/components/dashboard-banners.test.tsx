import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { resetAnsweredOrders } from '../lib/answered-orders';
import { PROVIDER_ALERT_SNOOZE_MS } from '../lib/provider-alert';
import { analyticsFor, rating } from '../testing/fixtures';
import {
  baseRoutes,
  mockApi,
  showDashboard,
  stubResizeObserver,
  userWith,
  type Call,
  type Routes,
} from '../testing/harness';

// Three dashboards in a row in one test; antd renders slowly on 2 shared cores.
vi.setConfig({ testTimeout: 20_000 });

const alertTitle = 'Подключите тарифы агрегатора';
const figures: Routes = {
  'GET /api/station/analytics/s1': () => analyticsFor(rating(), []),
};
const inactiveYandex = {
  'GET /api/station/tariff/s1': () => ({
    yatariff: [
      { id: 'y1', name: 'Экспресс', active: false },
      { id: 'y2', name: 'Комплекс', active: false },
    ],
  }),
};

/** The tariffs have been asked for and the answer has had time to render. */
async function tariffsAnswered(calls: Call[]) {
  await waitFor(() => expect(calls.some((c) => c.path === '/api/station/tariff/s1')).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('dashboard banners', () => {
  beforeEach(() => {
    localStorage.clear();
    resetAnsweredOrders();
    stubResizeObserver();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks to activate the Yandex tariffs when none is active; «Активировать» opens the yandex tab', async () => {
    const user = userWith('owner');
    mockApi({ ...baseRoutes(user), ...figures, ...inactiveYandex });
    const { router } = showDashboard(user);
    expect(await screen.findByText(alertTitle)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Активировать' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/station/s1/tariffs'));
    expect(router.state.location.state).toEqual({ activeTab: 'yandex' });
  });

  it('stays away for 24 hours at this station once closed', async () => {
    const user = userWith('owner');
    const calls = mockApi({ ...baseRoutes(user), ...figures, ...inactiveYandex });
    const first = showDashboard(user);
    await screen.findByText(alertTitle);
    fireEvent.click(screen.getByRole('button', { name: 'Скрыть на сутки' }));
    await waitFor(() => expect(screen.queryByText(alertTitle)).not.toBeInTheDocument());
    first.unmount();

    // Back the next morning: still hidden.
    calls.length = 0;
    showDashboard(user);
    await tariffsAnswered(calls);
    expect(screen.queryByText(alertTitle)).not.toBeInTheDocument();
    cleanup();

    // A day and a minute later: back.
    const later = Date.now() + PROVIDER_ALERT_SNOOZE_MS + 60_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    showDashboard(user);
    expect(await screen.findByText(alertTitle)).toBeInTheDocument();
  });

  it('shows nothing when a Yandex tariff is active, or when there are none, or to a worker', async () => {
    const user = userWith('owner');
    let calls = mockApi({ ...baseRoutes(user), ...figures });
    showDashboard(user);
    await tariffsAnswered(calls);
    expect(screen.queryByText(alertTitle)).not.toBeInTheDocument();
    cleanup();

    calls = mockApi({
      ...baseRoutes(user),
      ...figures,
      'GET /api/station/tariff/s1': () => ({ yatariff: [] }),
    });
    showDashboard(user);
    await tariffsAnswered(calls);
    expect(screen.queryByText(alertTitle)).not.toBeInTheDocument();
    cleanup();

    // A worker cannot activate tariffs: not even asked.
    const worker = userWith('worker');
    calls = mockApi({ ...baseRoutes(worker), ...inactiveYandex });
    showDashboard(worker);
    await screen.findByText('Новых заказов нет');
    expect(screen.queryByText(alertTitle)).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/station/tariff/s1')).toBe(false);
  });

  it('closes the Telegram banner and saves isCloseNotificationTgBot in the CRM data', async () => {
    const user = userWith('owner');
    const calls = mockApi({
      ...baseRoutes(user),
      ...figures,
      'GET /api/user/get_crm_data/u1': () => ({ crm_data: { hasSeenTutorial: true } }),
      'POST /api/user/update_crm_data/u1': (body) => ({
        crm_data: { hasSeenTutorial: true, ...(body as { crm_data: object }).crm_data },
      }),
    });
    showDashboard(user);
    const title = await screen.findByText('Уведомления о заказах в Telegram');
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(title).not.toBeInTheDocument());
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/user/update_crm_data/u1')?.body).toEqual({
        crm_data: { isCloseNotificationTgBot: true },
      }),
    );
  });

  it('links Telegram from the banner with a one-time link and hides it once linked', async () => {
    const user = userWith('owner');
    const url = 'https://t.me/carwash_crm_bot?start=code1';
    let current = user;
    const calls = mockApi({
      ...baseRoutes(user),
      ...figures,
      'GET /api/user/get_crm_data/u1': () => ({ crm_data: {} }),
      'POST /api/telegram/link': () => ({ url, expires_at: '2030-01-01T00:15:00.000Z' }),
      'GET /api/user/u1': () => ({ user: current, redirect_to: null }),
    });
    const tab = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    showDashboard(user);
    const title = await screen.findByText('Уведомления о заказах в Telegram');
    fireEvent.click(screen.getByRole('button', { name: /Открыть бота/ }));
    await waitFor(() => expect(tab.location.href).toBe(url));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/telegram/link')).toBe(true);

    current = { ...user, telegram_id: '777' };
    fireEvent.click(await screen.findByRole('button', { name: /Проверить подключение/ }));
    await waitFor(() => expect(title).not.toBeInTheDocument());
  });

  it('goes away when the server turns out to have no bot: the owner is told in settings, not here', async () => {
    const user = userWith('owner');
    mockApi({
      ...baseRoutes(user),
      ...figures,
      'GET /api/user/get_crm_data/u1': () => ({ crm_data: {} }),
      'POST /api/telegram/link': () => ({
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'Бот Telegram не настроен на этом сервере' } },
      }),
    });
    vi.spyOn(window, 'open').mockReturnValue(null);
    showDashboard(user);
    await screen.findByText('Уведомления о заказах в Telegram');
    fireEvent.click(screen.getByRole('button', { name: /Открыть бота/ }));
    await waitFor(() =>
      expect(screen.queryByText('Уведомления о заказах в Telegram')).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('Бот Telegram не настроен на этом сервере')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Открыть бота/ })).not.toBeInTheDocument();
  });

  it('does not show the Telegram banner to a linked user', async () => {
    const user = userWith('owner', { telegram_id: '777' });
    const calls = mockApi({
      ...baseRoutes(user),
      ...figures,
      'GET /api/user/get_crm_data/u1': () => ({ crm_data: {} }),
    });
    showDashboard(user);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/get_crm_data/u1')).toBe(true));
    await screen.findByText('Новых заказов нет');
    expect(screen.queryByText('Уведомления о заказах в Telegram')).not.toBeInTheDocument();
  });

  it('does not show the Telegram banner to someone who closed it', async () => {
    const user = userWith('owner');
    const calls = mockApi({ ...baseRoutes(user), ...figures });
    showDashboard(user);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/get_crm_data/u1')).toBe(true));
    await screen.findByText('Новых заказов нет');
    expect(screen.queryByText('Уведомления о заказах в Telegram')).not.toBeInTheDocument();
  });
});
