import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { messages } from '@crm/shared';
import { clearSession, getSessionUserId, setSessionUser } from '../lib/session';
import { pageLocation, takeLoginError, takeRedirectPath } from '../lib/auth-redirect';
import { makeUser, mockFetch, renderRoutes } from '../test/render';
import { decideShell, isTestHost } from './guards';
import { guarded, hasAnyRole, RoleGuard, routeGuards } from './role-guard';
import { AppLayout } from './layout/app-layout';

describe('decideShell', () => {
  const user = makeUser();

  it('sends a visitor without a session to the login page', () => {
    expect(decideShell({ pathname: '/', hasSession: false })).toEqual({ kind: 'login' });
  });

  it('confines the wizard role to /wizard', () => {
    const wizard = makeUser({ role: 'wizard' });
    expect(decideShell({ pathname: '/', hasSession: true, user: wizard })).toMatchObject({ to: '/wizard' });
    expect(decideShell({ pathname: '/wizard', hasSession: true, user: wizard })).toEqual({
      kind: 'render',
      chrome: 'minimal',
    });
  });

  it('sends everyone else from /wizard to /', () => {
    expect(decideShell({ pathname: '/wizard', hasSession: true, user })).toMatchObject({ to: '/' });
  });

  it('lets anyone open /wizard on a test host (S1 §2), without the menu', () => {
    expect(decideShell({ pathname: '/wizard', hasSession: true, user, testHost: true })).toEqual({
      kind: 'render',
      chrome: 'minimal',
    });
    // Elsewhere a test host changes nothing.
    expect(decideShell({ pathname: '/', hasSession: true, user, testHost: true })).toEqual({
      kind: 'render',
      chrome: 'full',
    });
  });

  it('forces /profile without navigation while the profile is incomplete', () => {
    const incomplete = makeUser({ email: null, number: null });
    expect(decideShell({ pathname: '/station/s1', hasSession: true, user: incomplete })).toEqual({
      kind: 'redirect',
      to: '/profile',
      reason: 'incomplete-profile',
    });
    expect(decideShell({ pathname: '/profile', hasSession: true, user: incomplete })).toEqual({
      kind: 'render',
      chrome: 'minimal',
    });
  });

  it('renders the full shell for a complete profile', () => {
    expect(decideShell({ pathname: '/station/s1/settings', hasSession: true, user })).toEqual({
      kind: 'render',
      chrome: 'full',
    });
  });
});

describe('hasAnyRole', () => {
  it('accepts the system role or the position', () => {
    expect(hasAnyRole(makeUser({ role: 'admin', position: null }), ['admin'])).toBe(true);
    expect(hasAnyRole(makeUser({ position: 'owner' }), ['owner', 'principal'])).toBe(true);
    expect(hasAnyRole(makeUser({ position: 'worker', networks: [] }), ['owner', 'principal'])).toBe(false);
  });

  it("accepts a position held in any of the user's networks (the page applies the station's own rights)", () => {
    const twoNetworks = makeUser({
      position: 'worker',
      networks: [
        { id: 'n1', name: 'Первая', position: 'worker' },
        { id: 'n2', name: 'Вторая', position: 'principal' },
      ],
    });
    expect(hasAnyRole(twoNetworks, routeGuards.employees.roles)).toBe(true);
    expect(hasAnyRole(makeUser({ position: 'worker', networks: [] }), routeGuards.employees.roles)).toBe(
      false,
    );
  });
});

describe('isTestHost', () => {
  it('matches the page host against the configured test hosts, case-insensitively', () => {
    expect(isTestHost(['test.crm.example.ru'], 'TEST.crm.example.ru')).toBe(true);
    expect(isTestHost(['test.crm.example.ru'], 'crm.example.ru')).toBe(false);
    expect(isTestHost([], 'localhost')).toBe(false);
    expect(isTestHost(undefined, 'localhost')).toBe(false);
  });
});

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function userApi(
  user = makeUser(),
  crm: object = { hasSeenTutorial: true, cookiesConsent: true },
  config: object = {},
) {
  return mockFetch((url) => {
    if (url.startsWith('/api/user/get_crm_data/')) return { status: 200, body: { crm_data: crm } };
    if (url.startsWith(`/api/user/${user.id}`)) return { status: 200, body: { user, redirect_to: null } };
    if (url.startsWith('/api/station/list')) return { status: 200, body: { stations: [] } };
    if (url.startsWith('/api/auth/config'))
      return {
        status: 200,
        body: {
          provider: 'local',
          demo: true,
          telegramBotName: 'bot',
          supportUrl: 'https://t.me/x',
          mapTileUrl: '',
          ...config,
        },
      };
    return { status: 204 };
  });
}

const routes = [
  {
    Component: AppLayout,
    children: [
      { path: '/', element: <div data-testid="page">home</div> },
      { path: '/profile', element: <div data-testid="page">profile</div> },
      { path: '/wizard', element: <div data-testid="page">wizard</div> },
      {
        path: '/owners-only',
        element: (
          <RoleGuard roles={['owner', 'principal']} fallback="/profile">
            <div data-testid="page">owners</div>
          </RoleGuard>
        ),
      },
      { path: '/theme', Component: guarded(() => <div data-testid="page">theme</div>, 'developer') },
    ],
  },
  { path: '*', Component: Where },
];

describe('AppLayout guards', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    // The welcome greeting is shown once per session; these tests are about the guards.
    sessionStorage.setItem('crm.greeted.u1', '1');
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.restoreAllMocks();
  });

  it('saves the path and goes to the login page without a session', async () => {
    userApi();
    const replace = vi.spyOn(pageLocation, 'replace').mockImplementation(() => {});
    renderRoutes(routes, '/profile?tab=settings');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/auth/yandex'));
    expect(takeRedirectPath()).toBe('/profile?tab=settings');
  });

  it('shows the page inside the shell for a signed-in user', async () => {
    setSessionUser('u1');
    userApi();
    renderRoutes(routes, '/');
    expect(await screen.findByTestId('page')).toHaveTextContent('home');
    expect(screen.getByRole('navigation', { name: 'Разделы' })).toBeInTheDocument();
  });

  it('sends an incomplete profile to /profile with the warning and no navigation', async () => {
    setSessionUser('u1');
    userApi(makeUser({ email: null, number: null }));
    renderRoutes(routes, '/');
    expect(await screen.findByTestId('page')).toHaveTextContent('profile');
    expect(await screen.findByText(messages.profile.fillTitle)).toBeInTheDocument();
    expect(screen.getByText(messages.profile.fillText)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Разделы' })).not.toBeInTheDocument();
  });

  it('keeps the wizard role on /wizard', async () => {
    setSessionUser('u1');
    userApi(makeUser({ role: 'wizard' }));
    renderRoutes(routes, '/');
    expect(await screen.findByTestId('page')).toHaveTextContent('wizard');
  });

  it('sends a user without the role to the fallback', async () => {
    setSessionUser('u1');
    userApi(
      makeUser({ position: 'worker', networks: [{ id: 'n1', name: 'Демо-сеть', position: 'worker' }] }),
    );
    renderRoutes(routes, '/owners-only');
    expect(await screen.findByTestId('page')).toHaveTextContent('profile');
  });

  it('opens /wizard for a non-wizard on a configured test host, and sends him to / elsewhere', async () => {
    setSessionUser('u1');
    // jsdom's page host is localhost.
    userApi(makeUser(), undefined, { testHosts: ['localhost'] });
    renderRoutes(routes, '/wizard');
    expect(await screen.findByTestId('page')).toHaveTextContent('wizard');
    cleanup();
    userApi(makeUser(), undefined, { testHosts: ['test.crm.example.ru'] });
    renderRoutes(routes, '/wizard');
    expect(await screen.findByTestId('page')).toHaveTextContent('home');
  });

  it('keeps the developer pages for role admin, or everyone on a demo server', async () => {
    setSessionUser('u1');
    userApi(makeUser({ position: 'worker' }), undefined, { demo: false });
    renderRoutes(routes, '/theme');
    expect(await screen.findByTestId('page')).toHaveTextContent('home');
    cleanup();
    userApi(makeUser({ role: 'admin' }), undefined, { demo: false });
    renderRoutes(routes, '/theme');
    expect(await screen.findByTestId('page')).toHaveTextContent('theme');
    cleanup();
    userApi(makeUser({ position: 'worker' }), undefined, { demo: true });
    renderRoutes(routes, '/theme');
    expect(await screen.findByTestId('page')).toHaveTextContent('theme');
  });

  it('logs out with the spec message when the user cannot be loaded', async () => {
    setSessionUser('u1');
    mockFetch((url) =>
      url.startsWith('/api/user/u1')
        ? { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } }
        : { status: 204 },
    );
    const replace = vi.spyOn(pageLocation, 'replace').mockImplementation(() => {});
    renderRoutes(routes, '/');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/auth/yandex'), { timeout: 4000 });
    expect(getSessionUserId()).toBeNull();
    // The login page shows it (it is a page of its own, so the reason travels in session storage).
    expect(takeLoginError()).toBe(messages.auth.userLoadFailed);
  });
});
