import { invitationPath } from '@crm/shared';

/**
 * Where a sign-in returns to (S1 §4 «Authentication» steps 1–4). Kept in session storage: it belongs to
 * this tab's sign-in attempt and must not leak into a later visit.
 */
const REDIRECT_KEY = 'crm.redirectPath';
const STATION_ADMIN_KEY = 'crm.pendingStationAdminCallback';
/** The registration key of S1 §2 `/registration/callback`: the carwash id the sign-in passes on. */
const REGISTRATION_KEY = 'crm.registration.carwashId';

const authPaths = ['/auth/', '/logout', '/registration/callback'];

/** Step 1: the current path is saved before login unless it is a login or auth page. */
export function saveRedirectPath(pathWithSearch: string) {
  if (authPaths.some((p) => pathWithSearch.startsWith(p))) return;
  sessionStorage.setItem(REDIRECT_KEY, pathWithSearch);
}

/** Reads and forgets the saved path, so it is used once. */
export function takeRedirectPath(): string | null {
  const path = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  // Only same-site paths: a stored value must never send the user to another origin.
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/** An invitation link being followed: its station and, when the link had one, its token (DESIGN §10). */
export interface PendingStationAdmin {
  stationId: string;
  token: string | null;
}

/**
 * `/stationAdminCallback/{stationId}#invite=…` opened while signed out: remembered until the sign-in ends.
 * The token rides along, because the sign-in leaves the page and the link's fragment with it. Session
 * storage: it belongs to this tab's sign-in and is gone when the tab closes.
 */
export function setPendingStationAdminCallback(stationId: string, token: string | null = null) {
  sessionStorage.setItem(
    STATION_ADMIN_KEY,
    JSON.stringify({ stationId, token } satisfies PendingStationAdmin),
  );
}

export function getPendingStationAdminCallback(): PendingStationAdmin | null {
  const raw = sessionStorage.getItem(STATION_ADMIN_KEY);
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  // A bare station id, as stored before invitations had tokens.
  if (typeof value !== 'object' || value === null) return { stationId: raw, token: null };
  const { stationId, token } = value as Partial<PendingStationAdmin>;
  if (typeof stationId !== 'string' || !stationId) return null;
  return { stationId, token: typeof token === 'string' ? token : null };
}

export function clearPendingStationAdminCallback() {
  sessionStorage.removeItem(STATION_ADMIN_KEY);
}

export function setRegistrationCarwashId(carwashId: string) {
  sessionStorage.setItem(REGISTRATION_KEY, carwashId);
}

export function getRegistrationCarwashId(): string | null {
  return sessionStorage.getItem(REGISTRATION_KEY);
}

export function clearRegistrationCarwashId() {
  sessionStorage.removeItem(REGISTRATION_KEY);
}

/**
 * Steps 3–4: redirect_to 'wizard' forces /wizard; else the saved path, else the pending invitation link,
 * else the home page.
 */
export function resolvePostLoginPath(input: {
  redirectTo: string | null | undefined;
  savedPath: string | null;
  pendingStationAdmin: PendingStationAdmin | null;
}): string {
  if (input.redirectTo === 'wizard') return '/wizard';
  if (input.savedPath) return input.savedPath;
  const pending = input.pendingStationAdmin;
  if (pending) {
    // Back to the link as it was opened, token in the fragment, so the page reads it as before sign-in.
    return pending.token
      ? invitationPath(pending.stationId, pending.token)
      : `/stationAdminCallback/${encodeURIComponent(pending.stationId)}`;
  }
  return '/';
}

/** The URL that starts a sign-in (Yandex ID, or the built-in provider in demo mode). */
export function loginUrl(origin: string = window.location.origin): string {
  const params = new URLSearchParams({ redirect_uri: `${origin}/auth/callback` });
  const carwashId = getRegistrationCarwashId();
  if (carwashId) params.set('carwash_id', carwashId);
  return `/api/auth/login?${params.toString()}`;
}

/** S1 §2 «Auth routes»: the login page. */
export const LOGIN_PATH = '/auth/yandex';
/** Why the last sign-in failed, shown once by the login page. */
const LOGIN_ERROR_KEY = 'crm.loginError';

/** Full page loads, in one place so unit tests can watch them (jsdom cannot navigate). */
export const pageLocation = {
  assign: (url: string) => window.location.assign(url),
  replace: (url: string) => window.location.replace(url),
};

/**
 * Leaves the app for the login page. That page is not part of the app (login.html: plain markup and a
 * small script, so a phone's first visit is fast — issue 15), so getting there is a full page load; the
 * app's state ends with it. `error` is shown there once; `logout` makes it forget this device's session.
 */
export function openLoginPage(options: { error?: string; logout?: boolean } = {}) {
  if (options.error) sessionStorage.setItem(LOGIN_ERROR_KEY, options.error);
  pageLocation.replace(options.logout ? `${LOGIN_PATH}?logout=true` : LOGIN_PATH);
}

/** Signed out on a page that needs a session: remember it (S1 §4 steps 1 and 12), then the login page. */
export function signInFirst(pathWithSearch: string) {
  saveRedirectPath(pathWithSearch);
  openLoginPage();
}

/** The error `openLoginPage` passed on, read once. */
export function takeLoginError(): string | null {
  const error = sessionStorage.getItem(LOGIN_ERROR_KEY);
  sessionStorage.removeItem(LOGIN_ERROR_KEY);
  return error;
}
