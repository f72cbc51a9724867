import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notificationMessages, type User } from '@crm/shared';
import { setSessionUser } from '../../../lib/session';
import { makeUser, mockFetch, renderRoutes } from '../../../test/render';
import { wizardSteps } from '../pages/wizard-page';
import { TelegramStep, telegramStepTexts } from './telegram-step';

vi.setConfig({ testTimeout: 20_000 });

function server(link: 'ok' | 'no-bot', linked = false, botInConfig?: boolean) {
  const state = { user: makeUser({ role: 'wizard', telegram_id: linked ? '777' : null }) as User };
  mockFetch((raw, init) => {
    const key = `${init.method ?? 'GET'} ${new URL(raw, 'http://localhost').pathname}`;
    if (key === 'GET /api/auth/config' && botInConfig !== undefined)
      return {
        status: 200,
        body: {
          provider: 'local',
          demo: true,
          telegramBotName: 'bot',
          telegramBot: botInConfig,
          supportUrl: '',
          mapTileUrl: '',
        },
      };
    if (key === 'GET /api/user/u1') return { status: 200, body: { user: state.user, redirect_to: null } };
    if (key === 'POST /api/telegram/link')
      return link === 'ok'
        ? { status: 200, body: { url: 'https://t.me/bot?start=c', expires_at: '2030-01-01T00:00:00Z' } }
        : {
            status: 409,
            body: { error: { code: 'CONFLICT', message: notificationMessages.telegramNotConfigured } },
          };
    if (key === 'POST /api/error') return { status: 204 };
    return undefined;
  });
  return state;
}

function show() {
  const onNext = vi.fn();
  renderRoutes([{ path: '*', element: <TelegramStep onBack={() => {}} onNext={onNext} /> }], '/wizard');
  return onNext;
}

const nextButton = () => screen.getByRole('button', { name: telegramStepTexts.next });

describe('wizard «Телеграм» step', () => {
  beforeEach(() => setSessionUser('u1'));
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('comes before «Завершение» (S2 §2)', () => {
    expect(wizardSteps.indexOf('Телеграм')).toBe(wizardSteps.indexOf('Завершение') - 1);
  });

  it('lets the user on at once when the server says it has no bot', async () => {
    server('ok', false, false);
    const onNext = show();
    await screen.findByText(notificationMessages.telegramNotConfigured);
    await waitFor(() => expect(nextButton()).toBeEnabled());
    expect(screen.getByText(telegramStepTexts.noBot)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Открыть бота/ })).toBeNull();
    fireEvent.click(nextButton());
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('continues only once the user has a telegram_id', async () => {
    const state = server('ok');
    const onNext = show();
    await screen.findByRole('button', { name: /Открыть бота/ });
    expect(nextButton()).toBeDisabled();
    expect(screen.getByText(telegramStepTexts.needed)).toBeInTheDocument();

    state.user = { ...state.user, telegram_id: '777' };
    fireEvent.click(screen.getByRole('button', { name: /Проверить подключение/ }));
    await waitFor(() => expect(nextButton()).toBeEnabled());
    fireEvent.click(nextButton());
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('lets an already linked user go on', async () => {
    server('ok', true);
    show();
    await screen.findByText('Telegram: подключён');
    expect(nextButton()).toBeEnabled();
  });

  it('does not trap the user when the server has no bot, and says why', async () => {
    server('no-bot');
    vi.spyOn(window, 'open').mockReturnValue(null);
    const onNext = show();
    fireEvent.click(await screen.findByRole('button', { name: /Открыть бота/ }));
    expect(await screen.findByText(notificationMessages.telegramNotConfigured)).toBeInTheDocument();
    expect(screen.getByText(telegramStepTexts.noBot)).toBeInTheDocument();
    expect(nextButton()).toBeEnabled();
    fireEvent.click(nextButton());
    expect(onNext).toHaveBeenCalledTimes(1);
  });
});
