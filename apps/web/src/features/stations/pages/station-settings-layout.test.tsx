import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Position } from '@crm/shared';
import { setSessionUser } from '../../../lib/session';
import { apiError, testStation, testUser } from '../testing/render';
import { renderSettings, setViewport } from '../testing/settings-harness';

const member = (position: Position, over = {}) =>
  testUser({ position, networks: [{ id: 'n1', name: 'Демо-сеть', position }], ...over });

async function menuEntries() {
  const nav = await screen.findByRole('navigation', { name: 'Настройки станции' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('StationSettingsLayout', () => {
  beforeEach(() => {
    setSessionUser('u1');
    setViewport(390);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setViewport();
  });

  it('lists every sub-page for an owner, notifications only when push is allowed', async () => {
    renderSettings('/station/s1/settings', { user: member('owner') });
    expect(await menuEntries()).toEqual([
      'Основная информация',
      'Онлайн-запись',
      'График работы',
      'Боксы',
      'Ограничения стоимости',
      'Юридические данные',
      'Сотрудники',
      'Интеграции',
    ]);
    cleanup();
    renderSettings('/station/s1/settings', { user: member('owner', { allow_push_notifications: true }) });
    expect(await menuEntries()).toContain('Уведомления');
  });

  it('shows administrators and workers only their part of the menu', async () => {
    renderSettings('/station/s1/settings', { user: member('administrator'), canManage: false });
    expect(await menuEntries()).toEqual([
      'Основная информация',
      'Онлайн-запись',
      'График работы',
      'Боксы',
      'Сотрудники',
    ]);
    cleanup();
    renderSettings('/station/s1/settings', { user: member('worker'), canManage: false });
    expect(await menuEntries()).toEqual(['Основная информация', 'График работы', 'Боксы']);
  });

  it('gives role admin at an outside station the whole menu and the external note', async () => {
    const admin = testUser({ role: 'admin', networks: [], position: null });
    renderSettings('/station/s1/settings', { user: admin, external: true });
    expect(await menuEntries()).toHaveLength(9);
    expect(screen.getByText('Внешняя станция')).toBeInTheDocument();
  });

  it('opens a sub-page from a deep link, with the way back to the menu and to the calendar', async () => {
    const { router } = renderSettings('/station/s1/settings/pricing');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Ограничения стоимости' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Настройки станции' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Мойка на Ленина' })).toHaveAttribute('href', '/station/s1');
    fireEvent.click(screen.getByRole('link', { name: 'Настройки' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/station/s1/settings'));
    expect(await menuEntries()).toContain('Ограничения стоимости');
  });

  it('sends a sub-page outside the caller’s list, or an unknown one, to the menu', async () => {
    const { router } = renderSettings('/station/s1/settings/pricing', {
      user: member('worker'),
      canManage: false,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/station/s1/settings'));
    expect(screen.queryByRole('heading', { name: 'Ограничения стоимости' })).not.toBeInTheDocument();
    cleanup();
    const next = renderSettings('/station/s1/settings/whatever');
    await waitFor(() => expect(next.router.state.location.pathname).toBe('/station/s1/settings'));
    expect(await menuEntries()).toHaveLength(8);
  });

  it('says the settings failed to load and loads them again on «Повторить»', async () => {
    let fail = true;
    renderSettings('/station/s1/settings/info', {
      api: {
        'GET /api/station/s1': () =>
          fail ? apiError(500, 'Внутренняя ошибка') : { station: testStation({ name: 'Мойка на Ленина 2' }) },
      },
    });
    expect(await screen.findByText('Не удалось загрузить настройки')).toBeInTheDocument();
    expect(screen.getByText('Пожалуйста, попробуйте обновить страницу')).toBeInTheDocument();
    expect(screen.queryByLabelText('Название')).not.toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    // The form draws from the station list's copy at once, then takes the settings' fresh one.
    const name = await screen.findByLabelText('Название');
    await waitFor(() => expect(name).toHaveValue('Мойка на Ленина 2'));
  });

  describe('on a desktop', () => {
    beforeEach(() => setViewport(1280));

    it('keeps the menu beside the sub-page and marks the open one', async () => {
      renderSettings('/station/s1/settings/boxes');
      expect(await screen.findByRole('heading', { level: 2, name: 'Боксы' })).toBeInTheDocument();
      const nav = screen.getByRole('navigation', { name: 'Настройки станции' });
      expect(within(nav).getByRole('link', { name: 'Боксы' })).toHaveAttribute('aria-current', 'page');
      expect(screen.queryByRole('link', { name: 'Настройки' })).not.toBeInTheDocument();
    });

    it('shows the station at a glance beside the menu on the index', async () => {
      renderSettings('/station/s1/settings');
      expect(await screen.findByText('Станция коротко')).toBeInTheDocument();
      expect(screen.getByText('4 бокса')).toBeInTheDocument();
      expect(screen.getByText('ПН')).toBeInTheDocument();
    });
  });
});
