import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setSessionUser } from '../../../lib/session';
import { getRememberedStationId } from '../../../lib/selected-station';
import { apiError, mockApi, renderRoutes, testStation, testUser } from '../testing/render';
import { StationPickerPage } from './station-picker-page';

const routes = [
  { path: '/', element: <StationPickerPage /> },
  { path: '/station/:id', element: <p>станция</p> },
  { path: '/station/:id/dashboard', element: <p>сводка станции</p> },
];
const config = {
  provider: 'local',
  demo: true,
  telegramBotName: 'bot',
  supportUrl: 'https://t.me/help',
  mapTileUrl: 'x',
};

function serve(
  user = testUser(),
  stations: unknown = () => ({ stations: [testStation()] }),
  extra: Record<string, (b: unknown) => unknown> = {},
) {
  const api = mockApi({
    'GET /api/auth/config': () => config,
    'GET /api/user/u1': () => ({ user, redirect_to: null }),
    'POST /api/station/list': stations as () => unknown,
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetchMock);
  return api.calls;
}

const today = (station_id: string, over: Record<string, number> = {}) => ({
  station_id,
  date: '2026-11-22',
  orders: 12,
  new_orders: 2,
  processing: 1,
  completed: 7,
  revenue: 18_500,
  ...over,
});

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

  it('shows each station’s figures for today and their sum over all stations', async () => {
    const two = () => ({ stations: [testStation(), testStation({ id: 's2', name: 'Мойка на Садовой' })] });
    serve(testUser(), two, {
      'GET /api/stations/today': () => ({
        stations: [
          today('s1'),
          today('s2', { orders: 3, new_orders: 0, processing: 0, completed: 2, revenue: 4_000 }),
        ],
      }),
    });
    renderRoutes(routes, '/');
    const lenina = await screen.findByRole('button', { name: /Мойка на Ленина/ });
    await waitFor(() => expect(lenina).toHaveTextContent('Выручка18 500 ₽'));
    expect(lenina).toHaveTextContent('Записей12');
    expect(lenina).toHaveTextContent('Новые2');
    expect(lenina).toHaveTextContent('В работе1');
    const totals = screen.getByRole('region', { name: 'Сегодня по всем станциям' });
    expect(totals).toHaveTextContent('Записей15');
    expect(totals).toHaveTextContent('Новые2');
    expect(totals).toHaveTextContent('Выполнено9');
    expect(totals).toHaveTextContent('Выручка22 500 ₽');
  });

  it('shows no figures where the user may not see them (a worker), and no totals', async () => {
    serve(testUser({ networks: [{ id: 'n1', name: 'Демо-сеть', position: 'worker' }] }), undefined, {
      'GET /api/stations/today': () => ({ stations: [] }),
    });
    renderRoutes(routes, '/');
    const card = await screen.findByRole('button', { name: /Мойка на Ленина/ });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(card).not.toHaveTextContent('Выручка');
    expect(screen.queryByRole('region', { name: 'Сегодня по всем станциям' })).not.toBeInTheDocument();
  });

  it('opens a station’s summary from its card, remembering the station', async () => {
    serve();
    const { router } = renderRoutes(routes, '/');
    fireEvent.click(await screen.findByRole('link', { name: 'Сводка: Мойка на Ленина' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/station/s1/dashboard'));
    expect(getRememberedStationId()).toBe('s1');
    expect(screen.getByText('сводка станции')).toBeInTheDocument();
  });

  it('opens the add-station form when another page asks for it', async () => {
    serve(testUser(), () => ({ stations: [] }));
    const { router } = renderRoutes(routes, '/');
    await screen.findByText('Не найдены привязанные станции');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The dashboard sends { addStation: true } when there is no station yet.
    await router.navigate('/', { state: { addStation: true } });
    expect(await screen.findByRole('dialog', {}, { timeout: 15_000 })).toHaveTextContent('Добавить объект');
  }, 30_000);

  it('opens the only station when the wizard’s end asks for it, and only then', async () => {
    serve();
    const { router } = renderRoutes(routes, '/');
    await screen.findByText(testStation().name);
    expect(router.state.location.pathname).toBe('/');
    await router.navigate('/', { state: { openOnlyStation: true } });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/station/${testStation().id}`));
    expect(getRememberedStationId()).toBe(testStation().id);
  });

  it('stays on the list when the wizard’s end asks but there are two stations', async () => {
    serve(testUser(), () => ({ stations: [testStation(), testStation({ id: 's2', name: 'Вторая' })] }));
    const { router } = renderRoutes(routes, '/');
    await router.navigate('/', { state: { openOnlyStation: true } });
    await screen.findByText('Вторая');
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.pathname).toBe('/');
  });
});
