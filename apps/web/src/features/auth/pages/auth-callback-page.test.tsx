import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { messages } from '@crm/shared';
import { getSessionUserId, clearSession } from '../../../lib/session';
import {
  pageLocation,
  saveRedirectPath,
  setPendingStationAdminCallback,
  takeLoginError,
} from '../../../lib/auth-redirect';
import { getRememberedStationId } from '../../../lib/selected-station';
import { makeUser, mockFetch, renderRoutes } from '../../../test/render';
import { AuthCallbackPage } from './auth-callback-page';
import { useLocation } from 'react-router';

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

const routes = [
  { path: '/auth/callback', Component: AuthCallbackPage },
  { path: '*', Component: Where },
];

function authorizeOk(redirectTo: string | null = null) {
  return mockFetch((url) =>
    url.startsWith('/api/authorize')
      ? { status: 200, body: { user: makeUser({ id: 'u42' }), redirect_to: redirectTo, station_id: 's7' } }
      : undefined,
  );
}

describe('/auth/callback', () => {
  beforeEach(() => {
    clearSession();
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.restoreAllMocks();
  });

  /** The login page is a page of its own: a failure leaves the app for it, with the reason kept for it. */
  const watchLoginPage = () => vi.spyOn(pageLocation, 'replace').mockImplementation(() => {});

  it('exchanges the code once under StrictMode, stores the session and goes home', async () => {
    const calls = authorizeOk();
    renderRoutes(routes, '/auth/callback?code=c-1&state=s-1');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/'));
    const authorizeCalls = calls.filter((c) => c.url.startsWith('/api/authorize'));
    expect(authorizeCalls).toHaveLength(1);
    expect(JSON.parse(String(authorizeCalls[0]!.init.body))).toMatchObject({
      grant_type: 'authorization_code',
      code: 'c-1',
      state: 's-1',
      redirect_uri: `${window.location.origin}/auth/callback`,
    });
    expect(getSessionUserId()).toBe('u42');
    expect(getRememberedStationId()).toBe('s7');
  });

  it('returns to the saved path', async () => {
    authorizeOk();
    saveRedirectPath('/station/s7/settings');
    renderRoutes(routes, '/auth/callback?code=c-2&state=s-2');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/station/s7/settings'));
  });

  it('goes to the pending invitation link when no path was saved', async () => {
    authorizeOk();
    setPendingStationAdminCallback('s9');
    renderRoutes(routes, '/auth/callback?code=c-3&state=s-3');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/stationAdminCallback/s9'));
  });

  it('sends redirect_to wizard to /wizard, whatever was saved', async () => {
    authorizeOk('wizard');
    saveRedirectPath('/profile');
    renderRoutes(routes, '/auth/callback?code=c-4&state=s-4');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/wizard'));
  });

  it('goes back to the login page with the spec message when the exchange fails', async () => {
    mockFetch((url) =>
      url.startsWith('/api/authorize')
        ? { status: 401, body: { error: { code: 'AUTH_FAILED', message: messages.auth.codeExchangeFailed } } }
        : { status: 204 },
    );
    const replace = watchLoginPage();
    renderRoutes(routes, '/auth/callback?code=c-5&state=s-5');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/auth/yandex'));
    expect(takeLoginError()).toBe(messages.auth.codeExchangeFailed);
    expect(getSessionUserId()).toBeNull();
  });

  it('treats a callback without code as a failed sign-in', async () => {
    const calls = mockFetch(() => ({ status: 204 }));
    const replace = watchLoginPage();
    renderRoutes(routes, '/auth/callback?error=access_denied');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/auth/yandex'));
    expect(takeLoginError()).toBe(messages.auth.codeExchangeFailed);
    expect(calls.filter((c) => c.url.startsWith('/api/authorize'))).toHaveLength(0);
  });
});
