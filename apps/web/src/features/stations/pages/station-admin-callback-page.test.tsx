import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { clearSession, setSessionUser } from '../../../lib/session';
import { invitationMessages } from '@crm/shared';
import {
  getPendingStationAdminCallback,
  pageLocation,
  setPendingStationAdminCallback,
} from '../../../lib/auth-redirect';
import { apiError, mockApi, renderRoutes, testStation, testUser } from '../testing/render';
import { StationAdminCallbackPage } from './station-admin-callback-page';

const routes = [
  { path: '/stationAdminCallback/:stationId', element: <StationAdminCallbackPage /> },
  { path: '/', element: <p>главная</p> },
  { path: '/station/:id/settings/admins', element: <p>настройки</p> },
];

describe('StationAdminCallbackPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('signed out: keeps the station id and the token, and goes to sign-in', async () => {
    clearSession();
    const replace = vi.spyOn(pageLocation, 'replace').mockImplementation(() => {});
    renderRoutes(routes, '/stationAdminCallback/s1#invite=tok-1');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/auth/yandex'));
    expect(getPendingStationAdminCallback()).toEqual({ stationId: 's1', token: 'tok-1' });
  });

  it('a member gets the instructions, and can go to settings', async () => {
    setSessionUser('u1');
    const api = mockApi({ 'POST /api/station/list': () => ({ stations: [{ ...testStation(), id: 's1' }] }) });
    vi.stubGlobal('fetch', api.fetchMock);
    const { router } = renderRoutes(routes, '/stationAdminCallback/s1#invite=tok-1');
    expect(await screen.findByText('Как добавить администратора')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Перейти к настройкам' }).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/station/s1/settings/admins'));
    expect(getPendingStationAdminCallback()).toBeNull();
    // A member's visit leaves the invitation for the person it was meant for.
    expect(api.calls.some((c) => c.key.startsWith('POST /api/user/move_to_station'))).toBe(false);
  });

  it("connects anyone else with the link's token, also when the check fails, then goes home", async () => {
    setSessionUser('u1');
    const api = mockApi({
      'POST /api/station/list': () => apiError(500, 'Сбой'),
      'POST /api/user/move_to_station/s1/u1': () => ({ user: testUser() }),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderRoutes(routes, '/stationAdminCallback/s1#invite=tok-1');
    expect(await screen.findByText('главная')).toBeInTheDocument();
    expect(await screen.findByText('Вы успешно подключились к сети станций')).toBeInTheDocument();
    const move = api.calls.find((c) => c.key === 'POST /api/user/move_to_station/s1/u1');
    expect(move?.body).toEqual({ token: 'tok-1' });
    expect(getPendingStationAdminCallback()).toBeNull();
    // Not a member yet: the station's staff list (members only, 404) is never asked for.
    expect(api.calls.some((c) => c.key.includes('list_of_users'))).toBe(false);
  });

  it('after sign-in, uses the token kept for the same station', async () => {
    setSessionUser('u1');
    setPendingStationAdminCallback('s1', 'kept');
    const api = mockApi({
      'POST /api/station/list': () => ({ stations: [] }),
      'POST /api/user/move_to_station/s1/u1': () => ({ user: testUser() }),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderRoutes(routes, '/stationAdminCallback/s1');
    expect(await screen.findByText('главная')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/user/move_to_station/s1/u1')?.body).toEqual({
      token: 'kept',
    });
  });

  it('refuses on the page a link without a token, and does not call the server', async () => {
    setSessionUser('u1');
    setPendingStationAdminCallback('other-station', 'not-for-s1');
    const api = mockApi({ 'POST /api/station/list': () => ({ stations: [] }) });
    vi.stubGlobal('fetch', api.fetchMock);
    const { router } = renderRoutes(routes, '/stationAdminCallback/s1');
    expect(await screen.findByText(invitationMessages.invalid)).toBeInTheDocument();
    expect(screen.getByText('Ошибка при подключении к сети станций')).toBeInTheDocument();
    expect(api.calls.some((c) => c.key.startsWith('POST /api/user/move_to_station'))).toBe(false);
    expect(getPendingStationAdminCallback()).toBeNull();
    screen.getByRole('button', { name: /На главную/ }).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('refuses on the page a token the server does not accept', async () => {
    setSessionUser('u1');
    vi.stubGlobal(
      'fetch',
      mockApi({
        'POST /api/station/list': () => ({ stations: [] }),
        'POST /api/user/move_to_station/s1/u1': () => apiError(403, invitationMessages.invalid),
      }).fetchMock,
    );
    renderRoutes(routes, '/stationAdminCallback/s1#invite=old');
    expect(await screen.findByText(invitationMessages.invalid)).toBeInTheDocument();
    expect(getPendingStationAdminCallback()).toBeNull();
  });

  it('says so when connecting fails otherwise, and goes home', async () => {
    setSessionUser('u1');
    vi.stubGlobal(
      'fetch',
      mockApi({
        'POST /api/station/list': () => ({ stations: [] }),
        'POST /api/user/move_to_station/s1/u1': () => apiError(500, 'nope'),
      }).fetchMock,
    );
    renderRoutes(routes, '/stationAdminCallback/s1#invite=tok-1');
    expect(await screen.findByText('Ошибка при подключении к сети станций')).toBeInTheDocument();
    expect(await screen.findByText('главная')).toBeInTheDocument();
  });
});
