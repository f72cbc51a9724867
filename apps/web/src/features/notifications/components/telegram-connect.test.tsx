import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notificationMessages, notificationTimings, type User } from '@crm/shared';
import { setSessionUser } from '../../../lib/session';
import { makeUser, mockFetch, renderRoutes } from '../../../test/render';
import { TelegramConnect } from './telegram-connect';

vi.setConfig({ testTimeout: 20_000 });

const botUrl = 'https://t.me/carwash_crm_bot?start=abc123';

/** A stand-in server: the user record, the link and unlink routes; records every call. */
function server({ linked = false, link = 'ok' as 'ok' | 'no-bot' } = {}) {
  const state = { user: makeUser({ telegram_id: linked ? '777' : null }) as User };
  const calls: string[] = [];
  mockFetch((raw, init) => {
    const key = `${init.method ?? 'GET'} ${new URL(raw, 'http://localhost').pathname}`;
    calls.push(key);
    if (key === 'GET /api/user/u1') return { status: 200, body: { user: state.user, redirect_to: null } };
    if (key === 'POST /api/telegram/link')
      return link === 'ok'
        ? { status: 200, body: { url: botUrl, expires_at: '2030-01-01T00:15:00.000Z' } }
        : {
            status: 409,
            body: { error: { code: 'CONFLICT', message: notificationMessages.telegramNotConfigured } },
          };
    if (key === 'POST /api/telegram/unlink') {
      state.user = { ...state.user, telegram_id: null };
      return { status: 200, body: { success: true } };
    }
    if (key === 'POST /api/error') return { status: 204 };
    return undefined;
  });
  const userReads = () => calls.filter((c) => c === 'GET /api/user/u1').length;
  return { state, calls, userReads };
}

function fakeTab() {
  const tab = { closed: false, opener: {} as unknown, location: { href: '' }, close: vi.fn() };
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return tab;
}

function show(props: Parameters<typeof TelegramConnect>[0] = {}) {
  return renderRoutes([{ path: '*', element: <TelegramConnect {...props} /> }], '/');
}

const openBot = async () => fireEvent.click(await screen.findByRole('button', { name: /Открыть бота/ }));

describe('TelegramConnect', () => {
  beforeEach(() => {
    setSessionUser('u1');
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
    delete window.Telegram;
  });

  it('opens the bot link, polls the user every 15 s and shows «Подключён» once linked', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = server();
    const tab = fakeTab();
    const onConnected = vi.fn();
    show({ onConnected });
    await openBot();
    await waitFor(() => expect(tab.location.href).toBe(botUrl));
    expect(tab.opener).toBeNull();
    expect(await screen.findByText(/Ждём подключения/)).toBeInTheDocument();

    // Not yet: one poll, still waiting.
    const before = api.userReads();
    await act(async () => vi.advanceTimersByTime(notificationTimings.telegramPollMs));
    // No DOM changes with this poll, and setInterval is faked: vi.waitFor polls on the real timers.
    await vi.waitFor(() => expect(api.userReads()).toBe(before + 1));
    expect(screen.getByRole('button', { name: /Открыть бота/ })).toBeInTheDocument();

    // The user pressed «Запустить» in the bot: the next poll sees the id.
    api.state.user = { ...api.state.user, telegram_id: '777' };
    await act(async () => vi.advanceTimersByTime(notificationTimings.telegramPollMs));
    expect(await screen.findByText('Telegram: подключён')).toBeInTheDocument();
    expect(await screen.findByText(notificationMessages.telegramConnected)).toBeInTheDocument();
    expect(onConnected).toHaveBeenCalledTimes(1);

    // Linked: the polling stopped.
    const after = api.userReads();
    await act(async () => vi.advanceTimersByTime(notificationTimings.telegramPollMs * 3));
    expect(api.userReads()).toBe(after);
  });

  it('stops polling when it leaves the screen', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = server();
    fakeTab();
    const view = show();
    await openBot();
    await screen.findByText(/Ждём подключения/);
    view.unmount();
    const reads = api.userReads();
    await act(async () => vi.advanceTimersByTime(notificationTimings.telegramPollMs * 2));
    expect(api.userReads()).toBe(reads);
  });

  it('checks by hand and says the bot is not linked yet', async () => {
    const api = server();
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Проверить подключение' }));
    expect(await screen.findByText(notificationMessages.telegramNotYet)).toBeInTheDocument();

    api.state.user = { ...api.state.user, telegram_id: '777' };
    fireEvent.click(await screen.findByRole('button', { name: /Проверить подключение/ }));
    expect(await screen.findByText(notificationMessages.telegramConnected)).toBeInTheDocument();
    expect(screen.getByText('Telegram: подключён')).toBeInTheDocument();
  });

  it('shows a calm note, no error, when the server has no bot (409)', async () => {
    server({ link: 'no-bot' });
    const tab = fakeTab();
    const onUnavailable = vi.fn();
    show({ onUnavailable });
    await openBot();
    expect(await screen.findByText(notificationMessages.telegramNotConfigured)).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(onUnavailable).toHaveBeenCalledWith(notificationMessages.telegramNotConfigured);
    expect(screen.queryByText('Ошибка')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Открыть бота/ })).not.toBeInTheDocument();
  });

  it('offers the link to click when the browser blocked the new tab', async () => {
    server();
    vi.spyOn(window, 'open').mockReturnValue(null);
    show();
    await openBot();
    const link = await screen.findByRole('link', { name: 'Перейти в Telegram' });
    expect(link).toHaveAttribute('href', botUrl);
  });

  it('inside the mini-app lets Telegram open the link', async () => {
    server();
    const openTelegramLink = vi.fn();
    const open = vi.spyOn(window, 'open');
    sessionStorage.setItem('crm.telegramLaunch', '1');
    window.Telegram = {
      WebApp: { initData: 'x', ready() {}, expand() {}, openTelegramLink } as NonNullable<
        Window['Telegram']
      >['WebApp'],
    };
    show();
    await openBot();
    await waitFor(() => expect(openTelegramLink).toHaveBeenCalledWith(botUrl));
    expect(open).not.toHaveBeenCalled();
  });

  it('unlinks after a confirmation', async () => {
    const api = server({ linked: true });
    show({ variant: 'inline' });
    expect(await screen.findByText('Подключён')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Отключить' }));
    expect(await screen.findByText('Отключить Telegram?')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Отключить' });
    fireEvent.click(buttons[buttons.length - 1]!);
    expect(await screen.findByText('Telegram отключён')).toBeInTheDocument();
    expect(api.calls).toContain('POST /api/telegram/unlink');
    expect(await screen.findByRole('button', { name: /Открыть бота/ })).toBeInTheDocument();
  });
});
