import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { User } from '@crm/shared';
import { setSessionUser } from '../lib/session';
import { mockApi, renderRoutes, testUser } from '../features/stations/testing/render';
import { Component as AdminPartnersRoute } from './admin-partners-route';

function open(user: User) {
  const mock = mockApi({
    'GET /api/user/u1': () => ({ user, redirect_to: null }),
    'GET /api/admin/partners': () => ({ partners: [] }),
  });
  vi.stubGlobal('fetch', mock.fetchMock);
  renderRoutes(
    [
      { path: '/', element: <p>Главная страница</p> },
      { path: '/admin/partners', element: <AdminPartnersRoute /> },
    ],
    '/admin/partners',
  );
  return mock.calls;
}

describe('/admin/partners', { timeout: 20_000 }, () => {
  beforeEach(() => setSessionUser('u1'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens for the system admin', async () => {
    open(testUser({ role: 'admin', login: 'admin', position: null, networks: [] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Партнёры' })).toBeInTheDocument();
  });

  it('sends anyone else to / without asking for the partners', async () => {
    const calls = open(testUser());
    expect(await screen.findByText('Главная страница')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Партнёры' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.key === 'GET /api/admin/partners')).toBe(false);
  });
});
