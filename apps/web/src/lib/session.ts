import { authTimings } from '@crm/shared';

/**
 * The signed-in user's id, as the client remembers it. Identity lives in the HttpOnly session cookie;
 * this id only goes out as the X-User-Id header the server checks against the session (DESIGN §5).
 */
const USER_KEY = 'crm.session';
const TOKEN_KEY = 'crm.telegramToken';
/** What the app shows offline (lib/offline-snapshot.ts): the user's data, gone with his session. */
export const OFFLINE_SNAPSHOT_KEY = 'crm.offlineSnapshot';

interface StoredSession {
  userId: string;
  expiresAt: number;
}

export function getSessionUserId(): string | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as StoredSession;
    if (!s.userId || s.expiresAt < Date.now()) {
      localStorage.removeItem(USER_KEY);
      return null;
    }
    return s.userId;
  } catch {
    return null;
  }
}

export function setSessionUser(userId: string) {
  const expiresAt = Date.now() + authTimings.sessionDays * 24 * 60 * 60 * 1000;
  localStorage.setItem(USER_KEY, JSON.stringify({ userId, expiresAt } satisfies StoredSession));
}

/** Telegram's web client may block cookies in its iframe, so that sign-in keeps a bearer token here. */
export function getBearerToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function setBearerToken(token: string | null) {
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
}

export function clearSession() {
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(OFFLINE_SNAPSHOT_KEY);
  setBearerToken(null);
}
