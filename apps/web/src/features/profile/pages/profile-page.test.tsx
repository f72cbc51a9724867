import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setSessionUser } from '../../../lib/session';
import { mockApi, renderRoutes, testUser } from '../../stations/testing/render';
import { ProfilePage } from './profile-page';

const routes = [
  { path: '/profile', element: <ProfilePage /> },
  { path: '/', element: <p>главная</p> },
];

describe('ProfilePage', () => {
  beforeEach(() => setSessionUser('u1'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the read-only tab first for a complete profile', async () => {
    vi.stubGlobal(
      'fetch',
      mockApi({ 'GET /api/user/u1': () => ({ user: testUser(), redirect_to: null }) }).fetchMock,
    );
    renderRoutes(routes, '/profile');
    expect(await screen.findByText('+7 (916) 123-45-01')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Профиль' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the edit tab first with the read-only tab disabled, then sends a signed-in user home', async () => {
    const incomplete = testUser({ email: null, number: null });
    let saved = incomplete;
    vi.stubGlobal(
      'fetch',
      mockApi({
        'GET /api/user/u1': () => ({ user: saved, redirect_to: null }),
        'POST /api/user/update/u1': (body) => {
          saved = { ...incomplete, ...(body as object) };
          return { user: saved };
        },
      }).fetchMock,
    );
    const { router } = renderRoutes(routes, '/profile');
    expect(await screen.findByText('Заполните профиль')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Профиль' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('tab', { name: 'Настройки' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'oleg@example.ru' } });
    fireEvent.change(screen.getByLabelText('Код региона'), { target: { value: '916' } });
    fireEvent.change(screen.getByLabelText('Номер телефона'), { target: { value: '7654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
