import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setSessionUser } from '../../../lib/session';
import { getRememberedStationId } from '../../../app/selected-station';
import { apiError, mockApi, renderRoutes, testStation, testUser } from '../testing/render';
import { StationPickerPage } from './station-picker-page';

const routes = [
  { path: '/', element: <StationPickerPage /> },
  { path: '/station/:id', element: <p>станция</p> },
];
const config = {
  provider: 'local',
  demo: true,
  telegramBotName: 'bot',
  supportUrl: 'https://t.me/help',
  mapTileUrl: 'x',
};

function serve(user = testUser(), stations: unknown = () => ({ stations: [testStation()] })) {
  vi.stubGlobal(
    'fetch',
    mockApi({
      'GET /api/auth/config': () => config,
      'GET /api/user/u1': () => ({ user, redirect_to: null }),
      'POST /api/station/list': stations as () => unknown,
    }).fetchMock,
  );
}

describe('StationPickerPage', () => {
  beforeEach(() => {
    localStorage.clear();
    setSessionUser('u1');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the stations with boxes and hours, and remembers the chosen one', async () => {
    serve();
    const { router } = renderRoutes(routes, '/');
    const card = await screen.findByRole('button', { name: /Мойка на Ленина/ });
    expect(card).toHaveTextContent('4 бокса');
    expect(card).toHaveTextContent('Москва, Ленинский проспект, 45');
    expect(screen.getAllByRole('button', { name: /Добавить объект/ }).length).toBeGreaterThan(0);
    fireEvent.click(card);
    await waitFor(() => expect(router.state.location.pathname).toBe('/station/s1'));
    expect(getRememberedStationId()).toBe('s1');
  });

  it('shows the empty state with the reasons and a support button that waits 10 s', async () => {
    serve(testUser({ networks: [], position: null }), () => ({ stations: [] }));
    renderRoutes(routes, '/');
    expect(await screen.findByText('Не найдены привязанные станции')).toBeInTheDocument();
    expect(screen.getByText(/ссылку-приглашение из настроек станции/)).toBeInTheDocument();
    const support = screen.getByRole('button', { name: /Написать в поддержку \(10\)/ });
    expect(support).toBeDisabled();
    // The countdown runs once a second (the shared SupportButton; its own tests cover the end).
    expect(
      await screen.findByRole('button', { name: /Написать в поддержку \(9\)/ }, { timeout: 2500 }),
    ).toBeDisabled();
    // A user without a network may start one.
    expect(screen.getByRole('button', { name: /Добавить объект/ })).toBeInTheDocument();
  });

  it('says the list failed to load and retries', async () => {
    serve(testUser(), () => apiError(500, 'boom'));
    renderRoutes(routes, '/');
    expect(
      await screen.findByText('Ошибка загрузки станций. Попробуйте обновить страницу'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });

  it('hides «Добавить объект» from workers and tells role admin about opening by link', async () => {
    serve(testUser({ networks: [{ id: 'n1', name: 'Демо-сеть', position: 'worker' }] }));
    renderRoutes(routes, '/');
    await screen.findByRole('button', { name: /Мойка на Ленина/ });
    expect(screen.queryByRole('button', { name: /Добавить объект/ })).not.toBeInTheDocument();
    cleanup();
    serve(testUser({ role: 'admin', networks: [], position: null }), () => ({ stations: [] }));
    renderRoutes(routes, '/');
    expect(await screen.findByText('Вы вошли как администратор системы')).toBeInTheDocument();
  });
});
