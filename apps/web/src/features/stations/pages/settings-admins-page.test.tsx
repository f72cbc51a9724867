import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { setSessionUser } from '../../../lib/session';
import { testUser } from '../testing/render';
import { renderSettings, setViewport } from '../testing/settings-harness';

const staff = [
  testUser(),
  testUser({
    id: 'u2',
    login: 'admin1',
    name: 'Мария',
    surname: 'Орлова',
    email: 'maria@demo-carwash.ru',
    number: '+79161234502',
    position: 'administrator',
    networks: [{ id: 'n1', name: 'Демо-сеть', position: 'administrator' }],
    last_login: '2026-11-20T09:30:00.000Z',
  }),
];

describe('SettingsAdminsPage', { timeout: 20_000 }, () => {
  beforeEach(() => setSessionUser('u1'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setViewport();
  });

  it('lists the staff in a table on a desktop, with the invitation card for managers', async () => {
    setViewport(1280);
    renderSettings('/station/s1/settings/admins', {
      api: { 'GET /api/station/list_of_users/s1': () => ({ users: staff }) },
    });
    const row = (await screen.findByText('Мария Орлова')).closest('tr')!;
    expect(within(row).getByText('maria@demo-carwash.ru')).toBeInTheDocument();
    expect(within(row).getByText('Администратор')).toBeInTheDocument();
    expect(within(row).getByText('20.11.2026, 12:30')).toBeInTheDocument();
    const owner = screen.getByText('Алексей Смирнов').closest('tr')!;
    expect(within(owner).getByText('Не был в сети')).toBeInTheDocument();
    expect(within(owner).getByText('Владелец')).toBeInTheDocument();
    expect(screen.getByText('Пригласить сотрудника')).toBeInTheDocument();
  });

  it('shows cards on a phone and no invitation for those who cannot change the station', async () => {
    setViewport(390);
    renderSettings('/station/s1/settings/admins', {
      canManage: false,
      user: testUser({
        position: 'administrator',
        networks: [{ id: 'n1', name: 'Демо-сеть', position: 'administrator' }],
      }),
      api: { 'GET /api/station/list_of_users/s1': () => ({ users: staff }) },
    });
    const cards = await screen.findByRole('list', { name: 'Сотрудники станции' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('Пригласить сотрудника')).not.toBeInTheDocument();
  });

  it('says when there is nobody yet', async () => {
    renderSettings('/station/s1/settings/admins', {
      api: { 'GET /api/station/list_of_users/s1': () => ({ users: [] }) },
    });
    expect(await screen.findByText('Нет добавленных администраторов')).toBeInTheDocument();
  });
});
