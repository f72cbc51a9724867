import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setSessionUser } from '../../../lib/session';
import { renderRoutes } from '../../../test/render';
import { testStation } from '../../../test/fixtures';
import { rememberStation } from '../../../lib/selected-station';
import { apiError, mockApi } from '../testing/harness';
import { DashboardEntry } from './dashboard-entry';

const routes = [
  { path: '/dashboard', element: <DashboardEntry /> },
  { path: '/station/:id/dashboard', element: <p>Сводка станции</p> },
  { path: '/', element: <p>Главная</p> },
];

describe('/dashboard without a station in the path', () => {
  beforeEach(() => {
    localStorage.clear();
    setSessionUser('u1');
  });
  afterEach(cleanup);

  it('offers to add a station when there is none', async () => {
    mockApi({ 'POST /api/station/list': () => ({ stations: [] }) });
    const { router } = renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('Добавьте первую станцию')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Добавить объект/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.state).toEqual({ addStation: true });
  });

  it('says «Выберите станцию» when none is selected, and opens the chosen one’s dashboard', async () => {
    mockApi({
      'POST /api/station/list': () => ({
        stations: [testStation(), testStation({ id: 's2', name: 'Мойка на Садовой' })],
      }),
    });
    const { router } = renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Выберите станцию' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Мойка на Садовой/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/station/s2/dashboard'));
    expect(localStorage.getItem('crm.selectedStation')).toBe('s2');
  });

  it('goes straight to the selected station’s dashboard', async () => {
    rememberStation('s1');
    mockApi({ 'POST /api/station/list': () => ({ stations: [testStation()] }) });
    const { router } = renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('Сводка станции')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/station/s1/dashboard');
  });

  it('says the stations failed to load, with a retry', async () => {
    mockApi({ 'POST /api/station/list': () => apiError(500, 'boom') });
    renderRoutes(routes, '/dashboard');
    expect(
      await screen.findByText('Ошибка загрузки станций. Попробуйте обновить страницу'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });
});
