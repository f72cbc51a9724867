import { authTimings, type AuthResponse } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/auth/telegram`: verified initData → session, plus a bearer token for Telegram's iframe. */
export function signInWithTelegram(initData: string): Promise<AuthResponse> {
  return api<AuthResponse>('/auth/telegram', {
    method: 'POST',
    body: { initData },
    timeoutMs: authTimings.loginTimeoutMs,
  });
}
