import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { setSessionUser } from '../../../lib/session';
import { testUser } from '../testing/render';
import { renderSettings } from '../testing/settings-harness';

describe('SettingsNotificationsPage', { timeout: 20_000 }, () => {
  beforeEach(() => setSessionUser('u1'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends a user without push notifications to the home page with «Доступ ограничен»', async () => {
    const { router } = renderSettings('/station/s1/settings/notifications', {
      user: testUser({ allow_push_notifications: false }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Доступ ограничен')).toBeInTheDocument();
    expect(screen.getByText('У вас нет доступа к настройкам уведомлений.')).toBeInTheDocument();
  });

  it('shows role admin what comes and what the browser allows', async () => {
    vi.stubGlobal('Notification', { permission: 'denied' });
    const admin = testUser({ role: 'admin', networks: [], position: null });
    renderSettings('/station/s1/settings/notifications', { user: admin, external: true });
    expect(await screen.findByRole('heading', { level: 2, name: 'Уведомления' })).toBeInTheDocument();
    expect(screen.getByText('Новые записи')).toBeInTheDocument();
    expect(screen.getByText('Отмены')).toBeInTheDocument();
    expect(screen.getByText('Запрещены в этом браузере')).toBeInTheDocument();
  });

  it('lets a user with push notifications allowed in, whatever the position', async () => {
    vi.stubGlobal('Notification', { permission: 'granted' });
    const worker = testUser({
      allow_push_notifications: true,
      position: 'worker',
      networks: [{ id: 'n1', name: 'Демо-сеть', position: 'worker' }],
    });
    renderSettings('/station/s1/settings/notifications', { user: worker, canManage: false });
    expect(await screen.findByText('Разрешены в этом браузере')).toBeInTheDocument();
  });
});
