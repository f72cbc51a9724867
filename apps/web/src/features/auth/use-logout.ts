import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authTimings, messages } from '@crm/shared';
import { openLoginPage } from '../../lib/auth-redirect';
import { isTelegramLaunch } from '../../lib/telegram';
import { postLogout } from './api/logout';
import { endSession } from './session-lifecycle';
import { useFeedback } from '../../lib/feedback';

let lastLogoutAt = Number.NEGATIVE_INFINITY;

/** Tests share modules across files (src/test/setup.ts): no logout is debounced by another file's. */
export function resetLogoutForTests() {
  lastLogoutAt = Number.NEGATIVE_INFINITY;
}

/** S1 §4 step 9: a logout within 2 s of the previous one is ignored. Returns whether to go ahead. */
export function claimLogout(now: number = Date.now()): boolean {
  if (now - lastLogoutAt < authTimings.logoutDebounceMs) return false;
  lastLogoutAt = now;
  return true;
}

/** The informational dialog of S1 §4 step 10. */
export const telegramLogoutDialog = {
  title: 'Выход из аккаунта',
  content: `${messages.auth.logoutInTelegram}: вы вошли через Telegram. Чтобы выйти, закройте мини-приложение.`,
};

/**
 * Logout for menus and the /logout route. Inside the Telegram mini-app it only explains why it is not
 * possible (S1 §4 step 10).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const { modal } = useFeedback();
  const available = !isTelegramLaunch();

  const logout = useCallback(async () => {
    if (!available) {
      modal.info({ ...telegramLogoutDialog, okText: 'Понятно' });
      return false;
    }
    if (!claimLogout()) return false;
    await postLogout().catch(() => {});
    endSession(queryClient);
    openLoginPage({ logout: true });
    return true;
  }, [available, modal, queryClient]);

  return { logout, available };
}
