import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authTimings, messages } from '@crm/shared';
import { getRememberedStationId, rememberStation } from '../../../lib/selected-station';
import { openLoginPage, pageLocation, setPendingStationAdminCallback } from '../../../lib/auth-redirect';
import { getBearerToken, getSessionUserId, setSessionUser } from '../../../lib/session';
import { MODE_KEY } from '../../../lib/theme-mode';
import { makeUser, mockFetch } from '../../../test/render';
import { renderLoginPageMarkup } from './login-markup';
import { startLoginPage } from './login-page';
import { TESTIMONIAL_INTERVAL_MS, testimonials } from './testimonials';

let stop: () => void = () => {};
let assign: ReturnType<typeof vi.spyOn>;
let replace: ReturnType<typeof vi.spyOn>;

/** The page as login.html has it, started as its entry starts it. */
function openPage(url = '/auth/yandex') {
  window.history.replaceState(null, '', url);
  document.body.innerHTML = renderLoginPageMarkup();
  stop = startLoginPage(document);
}

const part = (name: string) => document.querySelector<HTMLElement>(`[data-login="${name}"]`)!;
const yandexButton = () => part('yandex') as HTMLButtonElement;
const visible = (name: string) => !part(name).hidden;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.dataset.theme = 'light';
  assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => {});
  replace = vi.spyOn(pageLocation, 'replace').mockImplementation(() => {});
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete window.Telegram;
  document.body.innerHTML = '';
});

describe('the login page', () => {
  it('starts a sign-in with the button, says it is waiting and gives up after 60 s', () => {
    vi.useFakeTimers();
    openPage();
    expect(visible('page')).toBe(true);
    expect(visible('error') || visible('timeout') || visible('telegram')).toBe(false);

    yandexButton().click();
    expect(assign).toHaveBeenCalledWith(
      `/api/auth/login?redirect_uri=${encodeURIComponent(`${window.location.origin}/auth/callback`)}`,
    );
    expect(yandexButton().disabled).toBe(true);
    expect(yandexButton().textContent).toBe(messages.auth.waiting);

    vi.advanceTimersByTime(authTimings.loginTimeoutMs);
    expect(visible('timeout')).toBe(true);
    expect(part('timeout').textContent).toContain(messages.auth.timeout);
    expect(yandexButton().disabled).toBe(false);
    expect(yandexButton().textContent).toBe('Я' + 'Войти с Яндекс ID');
  });

  it('shows once why the last sign-in failed, and «Повторить» opens the page afresh', () => {
    openLoginPage({ error: messages.auth.codeExchangeFailed });
    replace.mockClear();
    openPage();
    expect(visible('error')).toBe(true);
    expect(part('error').textContent).toContain(messages.auth.loginError);
    expect(part('error-text').textContent).toBe(messages.auth.codeExchangeFailed);

    part('error').querySelector<HTMLButtonElement>('[data-login="retry"]')!.click();
    expect(assign).toHaveBeenCalledWith('/auth/yandex');

    stop();
    openPage();
    expect(visible('error')).toBe(false);
  });

  it('sends a signed-in visitor to the app', () => {
    setSessionUser('u1');
    openPage();
    expect(replace).toHaveBeenCalledWith('/');
  });

  it('?logout=true forgets this device’s session and stays', () => {
    setSessionUser('u1');
    rememberStation('s1');
    openPage('/auth/yandex?logout=true');
    expect(getSessionUserId()).toBeNull();
    expect(getRememberedStationId()).toBeNull();
    expect(replace).not.toHaveBeenCalled();
    expect(window.location.search).toBe('');
  });

  it('switches the theme and remembers it', () => {
    openPage();
    const theme = part('theme');
    expect(theme.getAttribute('aria-label')).toBe('Включить тёмную тему');
    theme.click();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(MODE_KEY)).toBe('dark');
    expect(theme.getAttribute('aria-label')).toBe('Включить светлую тему');
    theme.click();
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('rotates the testimonials every 6 s in both places, and a dot picks one', () => {
    vi.useFakeTimers();
    openPage();
    const quotes = () => [...document.querySelectorAll('[data-login="quote"]')].map((q) => q.textContent);
    expect(quotes()).toEqual([`«${testimonials[0]!.quote}»`, `«${testimonials[0]!.quote}»`]);

    vi.advanceTimersByTime(TESTIMONIAL_INTERVAL_MS);
    expect(quotes()).toEqual([`«${testimonials[1]!.quote}»`, `«${testimonials[1]!.quote}»`]);

    document.querySelectorAll<HTMLButtonElement>('[data-login="dot"]')[3]!.click();
    expect(quotes()[0]).toBe(`«${testimonials[3]!.quote}»`);
    expect(part('name').textContent).toBe(testimonials[3]!.name);
    const dots = [...document.querySelectorAll('[data-login="dot"]')].slice(0, testimonials.length);
    expect(dots.map((dot) => dot.getAttribute('aria-current'))).toEqual(['false', 'false', 'false', 'true']);
  });
});

describe('the login page in the Telegram mini-app', () => {
  const launchInTelegram = () => {
    window.Telegram = {
      WebApp: { initData: 'query_id=1&hash=abc', ready: () => {}, expand: () => {} },
    };
  };

  it('signs in with initData, without the button, and opens the wizard when told to', async () => {
    launchInTelegram();
    const calls = mockFetch((url) =>
      url === '/api/auth/telegram'
        ? {
            status: 200,
            body: {
              user: makeUser({ id: 'u7' }),
              redirect_to: 'wizard',
              station_id: 's3',
              token: 'tg-token',
            },
          }
        : undefined,
    );
    openPage();
    expect(visible('telegram')).toBe(true);
    expect(visible('page')).toBe(false);
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/wizard'));
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ initData: 'query_id=1&hash=abc' });
    expect(getSessionUserId()).toBe('u7');
    expect(getBearerToken()).toBe('tg-token');
    expect(getRememberedStationId()).toBe('s3');
  });

  it('says so when Telegram’s user is not known', async () => {
    launchInTelegram();
    mockFetch(() => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'нет' } } }));
    openPage();
    await vi.waitFor(() => expect(visible('error')).toBe(true));
    expect(part('error-text').textContent).toBe(messages.auth.telegramUserNotFound);
    expect(visible('page')).toBe(true);
    expect(getSessionUserId()).toBeNull();
  });

  it('says who invites the visitor to which network and station when he follows an invitation link', async () => {
    setPendingStationAdminCallback('s1', 'tok-1');
    const calls = mockFetch((url) =>
      url === '/api/station/invitations/preview'
        ? {
            status: 200,
            body: {
              inviter: 'Алексей Смирнов',
              station_name: 'Мойка на Ленина',
              network_name: 'Демо-сеть',
              station_count: 2,
              position: 'worker',
              expires_at: '2026-12-05T09:00:00.000Z',
            },
          }
        : undefined,
    );
    openPage();
    await vi.waitFor(() => expect(visible('invite')).toBe(true));
    expect(part('invite-text').textContent).toBe(
      'Алексей Смирнов приглашает вас в сеть «Демо-сеть» (станция «Мойка на Ленина») на должность «Мойщик».',
    );
    expect(part('invite-access').textContent).toMatch(
      /^Приглашение даёт доступ ко всей сети «Демо-сеть» — ко всем её станциям \(сейчас их 2\)/,
    );
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ station_id: 's1', token: 'tok-1' });
  });

  it('shows no invitation without a pending link, or when the link is stale', async () => {
    const calls = mockFetch(() => undefined);
    openPage();
    expect(visible('invite')).toBe(false);
    expect(calls).toHaveLength(0);
    stop();
    setPendingStationAdminCallback('s1', 'stale');
    openPage();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(visible('invite')).toBe(false);
  });
});
