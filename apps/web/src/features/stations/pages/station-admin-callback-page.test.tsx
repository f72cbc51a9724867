import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { clearSession, setSessionUser } from '../../../lib/session';
import { getPendingStationAdminCallback } from '../../../lib/auth-redirect';
import { apiError, mockApi, renderRoutes, testUser } from '../testing/render';
import { StationAdminCallbackPage } from './station-admin-callback-page';

const routes = [
  { path: '/stationAdminCallback/:stationId', element: <StationAdminCallbackPage /> },
  { path: '/auth/yandex', element: <p>вход</p> },
  { path: '/', element: <p>главная</p> },
  { path: '/station/:id/settings', element: <p>настройки</p> },
];

describe('StationAdminCallbackPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('signed out: keeps the station id and goes to sign-in', async () => {
    clearSession();
    renderRoutes(routes, '/stationAdminCallback/s1');
    expect(await screen.findByText('вход')).toBeInTheDocument();
    expect(getPendingStationAdminCallback()).toBe('s1');
  });

  it('a member gets the instructions, and can go to settings', async () => {
    setSessionUser('u1');
    vi.stubGlobal(
      'fetch',
      mockApi({ 'GET /api/station/list_of_users/s1': () => ({ users: [testUser()] }) }).fetchMock,
    );
    const { router } = renderRoutes(routes, '/stationAdminCallback/s1');
    expect(await screen.findByText('Как добавить администратора')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Перейти к настройкам' }).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/station/s1/settings'));
    expect(getPendingStationAdminCallback()).toBeNull();
  });

  it('connects anyone else, also when the check fails, then goes home', async () => {
    setSessionUser('u1');
    const api = mockApi({
      'GET /api/station/list_of_users/s1': () => apiError(404, 'Запрашиваемые данные не найдены.'),
      'POST /api/user/move_to_station/s1/u1': () => ({ user: testUser() }),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderRoutes(routes, '/stationAdminCallback/s1');
    expect(await screen.findByText('главная')).toBeInTheDocument();
    expect(await screen.findByText('Вы успешно подключились к сети станций')).toBeInTheDocument();
    expect(api.calls.some((c) => c.key === 'POST /api/user/move_to_station/s1/u1')).toBe(true);
    expect(getPendingStationAdminCallback()).toBeNull();
  });

  it('says so when connecting fails', async () => {
    setSessionUser('u1');
    vi.stubGlobal(
      'fetch',
      mockApi({
        'GET /api/station/list_of_users/s1': () => ({ users: [] }),
        'POST /api/user/move_to_station/s1/u1': () => apiError(404, 'nope'),
      }).fetchMock,
    );
    renderRoutes(routes, '/stationAdminCallback/s1');
    expect(await screen.findByText('Ошибка при подключении к сети станций')).toBeInTheDocument();
    expect(await screen.findByText('главная')).toBeInTheDocument();
  });
});
