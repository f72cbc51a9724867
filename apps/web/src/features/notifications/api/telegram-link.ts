import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationMessages, type TelegramLink } from '@crm/shared';
import { ApiError, api } from '../../../lib/api-client';
import { isTelegramLaunch, type TelegramWebApp } from '../../../lib/telegram';

/** `POST /api/telegram/link`: a one-time deep link to the bot, valid for 15 minutes. */
export function useTelegramLink() {
  return useMutation({
    mutationFn: () => api<TelegramLink>('/telegram/link', { method: 'POST' }),
  });
}

/** `POST /api/telegram/unlink`, then the user record is read again so every screen sees the change. */
export function useTelegramUnlink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ success: boolean }>('/telegram/unlink', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user'] }),
  });
}

/**
 * The server has no bot (409 with `telegramNotConfigured`): nothing the user can fix, so the caller shows a
 * calm note instead of an error.
 */
export function isTelegramNotConfigured(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

export function telegramNotConfiguredText(error: unknown): string {
  return error instanceof ApiError && error.message
    ? error.message
    : notificationMessages.telegramNotConfigured;
}

type WebAppWithLinks = TelegramWebApp & { openTelegramLink?: (url: string) => void };

/**
 * Opens the bot's deep link. Safari lets a page open a tab only inside the click itself, and the link comes
 * from the server after it, so the tab is opened empty first (`reserveTab`) and pointed at the link
 * later (`openTelegramUrl`). Inside the mini-app Telegram opens its own links, and no tab is needed.
 */
export function reserveTab(): Window | null {
  if (telegramWebApp()?.openTelegramLink) return null;
  try {
    return window.open('', '_blank');
  } catch {
    return null;
  }
}

/** Returns false when nothing could be opened (a blocked pop-up): the caller shows the link to click. */
export function openTelegramUrl(url: string, tab: Window | null): boolean {
  const webApp = telegramWebApp();
  if (webApp?.openTelegramLink) {
    webApp.openTelegramLink(url);
    return true;
  }
  if (!tab || tab.closed) return false;
  // The bot's page must not be able to reach back into the CRM through window.opener.
  tab.opener = null;
  tab.location.href = url;
  return true;
}

function telegramWebApp(): WebAppWithLinks | undefined {
  return isTelegramLaunch() ? (window.Telegram?.WebApp as WebAppWithLinks | undefined) : undefined;
}
