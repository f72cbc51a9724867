import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notificationMessages, type NotificationSettings } from '@crm/shared';
import { setSessionUser } from '../../../lib/session';
import {
  stubPush,
  testEndpoint,
  testPublicKey,
  testStatus,
  unstubPush,
} from '../../notifications/testing/push-stub';
import { apiError, testUser } from '../testing/render';
import { renderSettings, setViewport } from '../testing/settings-harness';

const path = '/station/s1/settings/notifications';
const pushUser = testUser({ allow_push_notifications: true });
const admin = testUser({ role: 'admin', networks: [], position: null });

/** A server that remembers this browser's subscription, like the real one. */
function pushServer(subscribed = false) {
  let known = subscribed;
  return {
    'GET /api/notifications/status': () => testStatus({ isSubscribed: known }),
    'POST /api/notifications/subscribe': () => {
      known = true;
      return { success: true };
    },
    'POST /api/notifications/unsubscribe': () => {
      known = false;
      return { success: true };
    },
  };
}

const pushSwitch = async () => screen.findByRole('switch', { name: 'Уведомления в этом браузере' });

describe('SettingsNotificationsPage', { timeout: 20_000 }, () => {
  beforeEach(() => setSessionUser('u1'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    unstubPush();
    setViewport();
  });

  it('sends a user without push notifications to the home page with «Доступ ограничен»', async () => {
    const { router } = renderSettings(path, { user: testUser({ allow_push_notifications: false }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Доступ ограничен')).toBeInTheDocument();
    expect(screen.getByText('У вас нет доступа к настройкам уведомлений.')).toBeInTheDocument();
  });

  it('turns push on for this browser: permission, subscription with the server key, server call', async () => {
    const push = stubPush();
    const { calls } = renderSettings(path, { user: pushUser, api: pushServer() });
    const toggle = await pushSwitch();
    expect(toggle).not.toBeChecked();

    fireEvent.click(toggle);
    expect(await screen.findByText(notificationMessages.enabled)).toBeInTheDocument();
    expect(push.notification.requestPermission).toHaveBeenCalledOnce();
    const [options] = push.pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect(Buffer.from(options.applicationServerKey as Uint8Array).toString('base64url')).toBe(testPublicKey);
    const subscribe = calls.find((c) => c.key === 'POST /api/notifications/subscribe');
    expect(subscribe?.body).toEqual({
      subscription: {
        endpoint: testEndpoint,
        expirationTime: null,
        keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
      },
    });
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('turns push off: the server forgets the endpoint and the browser unsubscribes', async () => {
    const push = stubPush({ permission: 'granted', subscribed: true });
    const subscription = push.subscription();
    const { calls } = renderSettings(path, { user: pushUser, api: pushServer(true) });
    const toggle = await pushSwitch();
    await waitFor(() => expect(toggle).toBeChecked());
    // The status is asked about THIS browser.
    expect(calls.some((c) => c.key === 'GET /api/notifications/status')).toBe(true);

    fireEvent.click(toggle);
    expect(await screen.findByText(notificationMessages.disabled)).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/notifications/unsubscribe')?.body).toEqual({
      endpoint: testEndpoint,
    });
    expect(subscription?.unsubscribe).toHaveBeenCalledOnce();
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('shows the spec text when the user says no to the browser', async () => {
    stubPush({ answer: 'denied' });
    const { calls } = renderSettings(path, { user: pushUser, api: pushServer() });
    fireEvent.click(await pushSwitch());
    expect(await screen.findByText(notificationMessages.subscriptionFailed)).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/notifications/subscribe')).toBe(false);
    // The refusal is final for the page: the switch goes disabled with the way back.
    await waitFor(async () => expect(await pushSwitch()).toBeDisabled());
  });

  it('disables the switch with instructions when the browser has denied notifications', async () => {
    stubPush({ permission: 'denied' });
    renderSettings(path, { user: pushUser, api: pushServer() });
    expect(await pushSwitch()).toBeDisabled();
    expect(screen.getByText('Уведомления запрещены в этом браузере')).toBeInTheDocument();
    expect(screen.getByText(/«Настройки сайта»/)).toBeInTheDocument();
  });

  it('says so when the browser has no Push API', async () => {
    renderSettings(path, { user: pushUser, api: pushServer() });
    expect(await screen.findByText(notificationMessages.unsupported)).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Уведомления в этом браузере' })).not.toBeInTheDocument();
  });

  it('saves which event goes to which channel', async () => {
    stubPush();
    let saved: NotificationSettings | undefined;
    const { calls } = renderSettings(path, {
      user: pushUser,
      api: {
        ...pushServer(),
        'POST /api/notifications/settings': (body) => {
          saved = (body as { settings: NotificationSettings }).settings;
          return { settings: saved };
        },
      },
    });
    const soonTelegram = await screen.findByRole('switch', { name: 'Скоро начнётся: Telegram' });
    expect(soonTelegram).toBeChecked();
    fireEvent.click(soonTelegram);
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));

    expect(await screen.findByText(notificationMessages.settingsSaved)).toBeInTheDocument();
    expect(saved?.order_soon).toEqual({ push: true, telegram: false });
    expect(saved?.new_order).toEqual({ push: true, telegram: true });
    expect(calls.filter((c) => c.key === 'POST /api/notifications/settings')).toHaveLength(1);
    await waitFor(() => expect(screen.getByText('Все изменения сохранены')).toBeInTheDocument());
  });

  it('reports a failed save and keeps the draft', async () => {
    stubPush();
    renderSettings(path, {
      user: pushUser,
      api: {
        ...pushServer(),
        'POST /api/notifications/settings': () => apiError(500, 'Сервер недоступен'),
      },
    });
    fireEvent.click(await screen.findByRole('switch', { name: 'Новые записи: В браузере' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    expect(await screen.findByText('Есть несохранённые изменения')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Новые записи: В браузере' })).not.toBeChecked();
  });

  it('offers «Повторить» when the status does not load', async () => {
    stubPush();
    let fail = true;
    renderSettings(path, {
      user: pushUser,
      api: {
        'GET /api/notifications/status': () => (fail ? apiError(500, 'Сервер недоступен') : testStatus()),
      },
    });
    expect(await screen.findByText('Не удалось загрузить настройки уведомлений')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await pushSwitch()).toBeInTheDocument();
  });

  it('shows the push demo panel to role admin, and it sends a test push', async () => {
    stubPush();
    const { calls } = renderSettings(path, {
      user: admin,
      external: true,
      api: { ...pushServer(), 'POST /api/notifications/test': () => ({ sent: 1 }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Отправить тестовое уведомление/ }));
    expect(await screen.findByText('Тестовое уведомление отправлено')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/notifications/test')).toHaveLength(1);
  });

  it('keeps the demo panel from everyone else', async () => {
    stubPush();
    renderSettings(path, { user: pushUser, api: pushServer() });
    await pushSwitch();
    expect(screen.getByText('Telegram', { selector: '.ant-card-head-title' })).toBeInTheDocument();
    expect(screen.queryByText('Отправить тестовое уведомление')).not.toBeInTheDocument();
  });

  it('fits a phone: labels beside each switch and the short save button', async () => {
    setViewport(390);
    stubPush();
    renderSettings(path, { user: pushUser, api: pushServer() });
    await pushSwitch();
    expect(screen.getAllByText('В браузере', { selector: '.notify-matrix__switch-label' })).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeInTheDocument();
  });

  describe('a server without a Telegram bot', () => {
    const noBotConfig = {
      'GET /api/auth/config': () => ({
        provider: 'local',
        demo: true,
        telegramBotName: 'bot',
        telegramBot: false,
        supportUrl: 'x',
        mapTileUrl: 'x',
      }),
    };

    it('tells the owner once, here, how the bot gets set up, and offers no Telegram switches', async () => {
      stubPush();
      renderSettings(path, {
        user: testUser({ allow_push_notifications: true }),
        api: { ...pushServer(), ...noBotConfig },
      });
      expect(await screen.findByText(notificationMessages.telegramNotConfigured)).toBeInTheDocument();
      expect(screen.getByText(/TELEGRAM_BOT_TOKEN/)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryAllByRole('switch', { name: /: Telegram$/ })).toHaveLength(0));
      expect(screen.getAllByRole('switch', { name: /: В браузере$/ }).length).toBeGreaterThan(0);
      expect(screen.queryByRole('button', { name: 'Открыть бота' })).not.toBeInTheDocument();
    });

    it('says nothing about the bot to staff who cannot set it up', async () => {
      stubPush();
      const administrator = testUser({
        allow_push_notifications: true,
        position: 'administrator',
        networks: [{ id: 'n1', name: 'Демо-сеть', position: 'administrator' }],
      });
      renderSettings(path, { user: administrator, api: { ...pushServer(), ...noBotConfig } });
      await pushSwitch();
      expect(screen.queryByText(notificationMessages.telegramNotConfigured)).not.toBeInTheDocument();
      expect(screen.queryByText('Telegram')).not.toBeInTheDocument();
    });
  });
});
