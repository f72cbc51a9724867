import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { setSessionUser } from '../../../lib/session';
import { getRememberedStationId } from '../../../lib/selected-station';
import { apiError, mockApi, renderRoutes, testStation, testUser } from '../testing/render';
import { useStationContext } from '../lib/station-context';
import { StationGuard } from './station-guard';

function Inside() {
  const { station, external, canManage } = useStationContext();
  return (
    <p>
      {station.name} {external ? 'внешняя' : 'своя'} {canManage ? 'управляет' : 'смотрит'}
    </p>
  );
}

const routes = [
  {
    path: '/station/:stationId',
    element: <StationGuard />,
    children: [{ index: true, element: <Inside /> }],
  },
];

function serve(user = testUser(), extra: Record<string, (b: unknown) => unknown> = {}) {
  vi.stubGlobal(
    'fetch',
    mockApi({
      'GET /api/user/u1': () => ({ user, redirect_to: null }),
      'POST /api/station/list': () => ({ stations: user.networks.length ? [testStation()] : [] }),
      ...extra,
    }).fetchMock,
  );
}

describe('StationGuard', () => {
  beforeEach(() => {
    localStorage.clear();
    setSessionUser('u1');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens a station of the user’s list and selects it', async () => {
    serve();
    renderRoutes(routes, '/station/s1');
    expect(await screen.findByText('Мойка на Ленина своя управляет')).toBeInTheDocument();
    expect(getRememberedStationId()).toBe('s1');
  });

  it('refuses a station outside the list to a non-admin', async () => {
    serve(testUser({ networks: [{ id: 'n2', name: 'Соседняя сеть', position: 'owner' }] }));
    localStorage.setItem('crm.selectedStation', 'other');
    renderRoutes(routes, '/station/other');
    expect((await screen.findAllByText('Нет доступа к станции')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /К доступным станциям/ })).toBeInTheDocument();
    expect(getRememberedStationId()).toBeNull();
  });

  it('lets role admin open any station, marked external', async () => {
    serve(testUser({ role: 'admin', networks: [], position: null }), {
      'GET /api/station/s7': () => ({
        station: testStation({ id: 's7', name: 'Мойка у моста', network_id: 'n3' }),
      }),
    });
    renderRoutes(routes, '/station/s7');
    expect(await screen.findByText('Мойка у моста внешняя управляет')).toBeInTheDocument();
  });

  it('tells role admin that a station id the server does not know is not found, not a load error to retry', async () => {
    const admin = testUser({ role: 'admin', networks: [], position: null });
    const { fetchMock, calls } = mockApi({
      'GET /api/user/u1': () => ({ user: admin, redirect_to: null }),
      'POST /api/station/list': () => ({ stations: [] }),
      'GET /api/station/nope': () => apiError(404, 'Не найдено'),
    });
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/station/nope');
    expect(await screen.findByText('Станция не найдена')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /К доступным станциям/ })).toBeInTheDocument();
    expect(screen.queryByText('Ошибка загрузки станции. Попробуйте обновить страницу.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
    // Nothing of that id's orders is asked for.
    expect(calls.filter((c) => c.key.includes('/api/order'))).toEqual([]);
  });

  it('says the station failed to load, with a retry', async () => {
    serve(testUser(), { 'POST /api/station/list': () => apiError(500, 'boom') });
    renderRoutes(routes, '/station/s1');
    expect(
      await screen.findByText('Ошибка загрузки станции. Попробуйте обновить страницу.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });

  it('opens one live order stream for the station and refreshes its order lists on an event', async () => {
    const sources: { url: string; init?: EventSourceInit; emit(type: string): void }[] = [];
    vi.stubGlobal(
      'EventSource',
      class {
        private listeners = new Map<string, () => void>();
        constructor(
          readonly url: string,
          readonly init?: EventSourceInit,
        ) {
          sources.push(this as never);
        }
        addEventListener(type: string, fn: () => void) {
          this.listeners.set(type, fn);
        }
        removeEventListener(type: string) {
          this.listeners.delete(type);
        }
        close() {}
        emit(type: string) {
          this.listeners.get(type)?.();
        }
      },
    );
    let newOrderCalls = 0;
    serve(testUser(), {
      'GET /api/order/list/new/s1': () => {
        newOrderCalls += 1;
        return { orders_list: [], ru_services_name: {}, ru_tariff_name: {} };
      },
    });
    renderRoutes(routes, '/station/s1');
    await screen.findByText('Мойка на Ленина своя управляет');
    await waitFor(() => expect(newOrderCalls).toBeGreaterThan(0));
    const open = sources.filter((s) => s.url === '/api/events?station_id=s1');
    expect(open.length).toBeGreaterThan(0);
    expect(open.at(-1)!.init).toEqual({ withCredentials: true });
    const before = newOrderCalls;
    open.at(-1)!.emit('order');
    await waitFor(() => expect(newOrderCalls).toBeGreaterThan(before));
  });
});
