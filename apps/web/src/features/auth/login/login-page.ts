import {
  authTimings,
  invitationAccessText,
  invitationGreetingText,
  messages,
  positionLabels,
} from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import {
  getPendingStationAdminCallback,
  LOGIN_PATH,
  loginUrl,
  pageLocation,
  takeLoginError,
} from '../../../lib/auth-redirect';
import { getSessionUserId } from '../../../lib/session';
import { isTelegramLaunch, loadTelegramWebApp, rememberTelegramLaunch } from '../../../lib/telegram';
import { currentMode, switchMode } from '../../../lib/theme-mode';
import { fetchInvitationPreview } from '../api/invitation-preview';
import { signInWithTelegram } from '../api/telegram-sign-in';
import { forgetSignIn, storeSignIn } from '../sign-in-storage';
import { initials, TESTIMONIAL_INTERVAL_MS, testimonials } from './testimonials';

type Status = 'idle' | 'redirecting' | 'telegram' | 'error' | 'timeout';

type Listen = <K extends keyof WindowEventMap>(
  target: Window | HTMLElement,
  type: K,
  handler: (event: WindowEventMap[K]) => void,
) => void;

/**
 * Makes the login page's static markup (`login-markup.tsx`) work: the sign-in button, the Telegram
 * mini-app's own sign-in, the error and time-out notices, the theme switch and the testimonials. Plain DOM,
 * no React: this is all the JavaScript a first visit to the login page runs (issue 15).
 * Returns a function that stops its timers and listeners (tests).
 */
export function startLoginPage(root: ParentNode = document): () => void {
  const part = <T extends HTMLElement = HTMLElement>(name: string) => {
    const element = root.querySelector<T>(`[data-login="${name}"]`);
    if (!element) throw new Error(`login page markup has no ${name}`);
    return element;
  };
  const parts = <T extends HTMLElement = HTMLElement>(name: string) => [
    ...root.querySelectorAll<T>(`[data-login="${name}"]`),
  ];
  const cleanups: (() => void)[] = [];
  const listen: Listen = (target, type, handler) => {
    target.addEventListener(type, handler as EventListener);
    cleanups.push(() => target.removeEventListener(type, handler as EventListener));
  };
  const stop = () => cleanups.splice(0).forEach((cleanup) => cleanup());

  // Telegram may open this page directly, its launch data in the hash (lib/telegram.ts).
  rememberTelegramLaunch();

  const params = new URLSearchParams(window.location.search);
  if (params.get('logout') === 'true') {
    // ?logout=true forces a fresh sign-in: nothing of the previous session may survive on this device.
    forgetSignIn();
    window.history.replaceState(null, '', LOGIN_PATH);
  } else if (!isTelegramLaunch() && getSessionUserId()) {
    // Already signed in (a bookmark, the back button): straight to the app.
    pageLocation.replace('/');
    return stop;
  }

  const page = part('page');
  const telegramOverlay = part('telegram');
  const errorAlert = part('error');
  const timeoutAlert = part('timeout');
  const yandex = part<HTMLButtonElement>('yandex');
  const yandexMark = part('yandex-mark');
  const yandexText = part('yandex-text');
  // The button's resting look is the markup's; only the waiting look is written here.
  const idleMark = yandexMark.textContent;
  const idleText = yandexText.textContent;
  let timeoutTimer = 0;

  const show = (status: Status, errorText = '') => {
    page.hidden = status === 'telegram';
    telegramOverlay.hidden = status !== 'telegram';
    errorAlert.hidden = status !== 'error';
    timeoutAlert.hidden = status !== 'timeout';
    part('error-text').textContent = errorText;
    const busy = status === 'redirecting';
    yandex.disabled = busy;
    yandex.setAttribute('aria-busy', String(busy));
    yandexMark.className = busy ? 'yandex-button__spinner' : 'yandex-button__logo';
    yandexMark.textContent = busy ? '' : idleMark;
    yandexText.textContent = busy ? messages.auth.waiting : idleText;
    // S1 §4 step 6: a sign-in that has not finished within 60 s says so.
    window.clearTimeout(timeoutTimer);
    if (busy || status === 'telegram') {
      timeoutTimer = window.setTimeout(() => show('timeout'), authTimings.loginTimeoutMs);
    }
  };
  cleanups.push(() => window.clearTimeout(timeoutTimer));

  listen(yandex, 'click', () => {
    show('redirecting');
    pageLocation.assign(loginUrl());
  });
  for (const retry of parts('retry')) listen(retry, 'click', () => pageLocation.assign(LOGIN_PATH));
  // Coming back with the browser's back button restores this page from the cache, still spinning.
  listen(window, 'pageshow', (event) => event.persisted && show('idle'));

  startThemeSwitch(part('theme'), listen);
  void showInvitation(part('invite'), part('invite-text'), part('invite-access'));
  // The markup was rendered at build time.
  part('year').textContent = String(new Date().getFullYear());
  cleanups.push(startTestimonials(root, listen));

  const error = takeLoginError();
  if (error) show('error', error);
  else if (isTelegramLaunch()) {
    show('telegram');
    void signInInTelegram(show);
  } else show('idle');
  return stop;
}

/**
 * Followed an invitation link while signed out (the link's page kept its station and token): says who
 * invites the visitor to which network and station, and that it is the whole network. Nothing when the
 * link is stale or the server cannot say: the invitation page explains a refused link after sign-in.
 */
async function showInvitation(box: HTMLElement, text: HTMLElement, access: HTMLElement) {
  const pending = getPendingStationAdminCallback();
  if (!pending?.token) return;
  try {
    const preview = await fetchInvitationPreview(pending.stationId, pending.token);
    text.textContent = invitationGreetingText({
      inviter: preview.inviter,
      networkName: preview.network_name,
      stationName: preview.station_name,
      positionLabel: positionLabels[preview.position],
    });
    const scope = invitationAccessText(preview.network_name, preview.station_count, 'Приглашение');
    access.textContent = `${scope} Войдите, чтобы принять его.`;
    box.hidden = false;
  } catch {
    // Stale, revoked or unreachable: the plain sign-in page.
  }
}

/** S1 §4 step 11: the mini-app signs in with Telegram's verified initData, no button. */
async function signInInTelegram(show: (status: Status, errorText?: string) => void) {
  const webApp = await loadTelegramWebApp();
  if (!webApp) return show('idle');
  try {
    const response = await signInWithTelegram(webApp.initData);
    storeSignIn(response);
    pageLocation.replace(response.redirect_to === 'wizard' ? '/wizard' : '/');
  } catch (error) {
    show(
      'error',
      error instanceof ApiError && error.status === 404
        ? messages.auth.telegramUserNotFound
        : messages.auth.telegramFailed,
    );
  }
}

/** The light/dark switch; the icon follows the theme in CSS, the labels here. */
function startThemeSwitch(button: HTMLElement, listen: Listen) {
  const label = () => {
    const dark = currentMode() === 'dark';
    button.title = dark ? 'Светлая тема' : 'Тёмная тема';
    button.setAttribute('aria-label', dark ? 'Включить светлую тему' : 'Включить тёмную тему');
  };
  label();
  listen(button, 'click', () => {
    switchMode(currentMode() === 'dark' ? 'light' : 'dark');
    label();
  });
}

/** The testimonials rotate every 6 s; a dot shows its testimonial and restarts the wait. */
function startTestimonials(root: ParentNode, listen: Listen): () => void {
  const carousels = [...root.querySelectorAll<HTMLElement>('[data-login="testimonials"]')];
  let index = 0;
  let timer = 0;
  const showTestimonial = (next: number) => {
    index = next;
    const current = testimonials[index]!;
    for (const carousel of carousels) {
      const quote = carousel.querySelector<HTMLElement>('[data-login="quote"]')!;
      quote.textContent = `«${current.quote}»`;
      // Restart the quote's entrance animation, as a new element would.
      quote.style.animation = 'none';
      void quote.offsetWidth;
      quote.style.animation = '';
      carousel.querySelector('[data-login="initials"]')!.textContent = initials(current.name);
      carousel.querySelector('[data-login="name"]')!.textContent = current.name;
      carousel.querySelector('[data-login="role"]')!.textContent = current.role;
      carousel.querySelectorAll('[data-login="dot"]').forEach((dot, i) => {
        dot.classList.toggle('is-active', i === index);
        dot.setAttribute('aria-current', String(i === index));
      });
    }
    window.clearTimeout(timer);
    timer = window.setTimeout(
      () => showTestimonial((index + 1) % testimonials.length),
      TESTIMONIAL_INTERVAL_MS,
    );
  };
  for (const carousel of carousels) {
    carousel.querySelectorAll<HTMLElement>('[data-login="dot"]').forEach((dot, i) => {
      listen(dot, 'click', () => showTestimonial(i));
    });
  }
  timer = window.setTimeout(() => showTestimonial(1), TESTIMONIAL_INTERVAL_MS);
  return () => window.clearTimeout(timer);
}
