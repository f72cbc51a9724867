import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@crm/shared';
import { setSessionUser } from '../../../lib/session';
import { apiError, testUser } from '../testing/render';
import { renderSettings, setViewport } from '../testing/settings-harness';

const maria = testUser({
  id: 'u2',
  login: 'admin1',
  name: 'Мария',
  surname: 'Орлова',
  email: 'maria@demo-carwash.ru',
  number: '+79161234502',
  position: 'administrator',
  networks: [{ id: 'n1', name: 'Демо-сеть', position: 'administrator' }],
  last_login: '2026-11-20T09:30:00.000Z',
});
const staff = [testUser(), maria];
const path = '/station/s1/settings/admins';
const listed = (users: User[]) => ({ 'GET /api/station/list_of_users/s1': () => ({ users }) });

describe('SettingsAdminsPage', { timeout: 20_000 }, () => {
  beforeEach(() => setSessionUser('u1'));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setViewport();
  });

  it('lists the staff in a table on a desktop, with actions for managers but none on the owner', async () => {
    setViewport(1280);
    renderSettings(path, { api: listed(staff) });
    const row = (await screen.findByText('Мария Орлова')).closest('tr')!;
    expect(within(row).getByText('maria@demo-carwash.ru')).toBeInTheDocument();
    expect(within(row).getByText('+7 (916) 123-45-02')).toBeInTheDocument();
    expect(within(row).getByText('Администратор')).toBeInTheDocument();
    // The browser's time: the test runs in UTC.
    const seen = new Date('2026-11-20T09:30:00.000Z');
    const hhmm = `${String(seen.getHours()).padStart(2, '0')}:${String(seen.getMinutes()).padStart(2, '0')}`;
    expect(within(row).getByText(`20.11.2026 ${hhmm}`)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Изменить Мария Орлова' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Удалить Мария Орлова' })).toBeInTheDocument();
    const owner = screen.getByText('Алексей Смирнов').closest('tr')!;
    expect(within(owner).getByText('Не был в сети')).toBeInTheDocument();
    expect(within(owner).getByText('Владелец')).toBeInTheDocument();
    expect(within(owner).queryByRole('button', { name: /Удалить/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Добавить администратора/ })).toBeInTheDocument();
    expect(screen.getByText('Активные приглашения')).toBeInTheDocument();
    expect(screen.queryByText('Добавить по логину')).not.toBeInTheDocument();
  });

  it('shows cards on a phone, without actions for those who cannot manage staff', async () => {
    setViewport(390);
    renderSettings(path, {
      canManage: false,
      user: testUser({
        id: 'u2',
        position: 'administrator',
        networks: [{ id: 'n1', name: 'Демо-сеть', position: 'administrator' }],
      }),
      api: listed(staff),
    });
    const cards = await screen.findByRole('list', { name: 'Сотрудники станции' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards).getByText('Последний вход: Не был в сети')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Изменить|Удалить/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Добавить администратора/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Активные приглашения')).not.toBeInTheDocument();
  });

  it('says when there is nobody yet', async () => {
    renderSettings(path, { api: listed([]) });
    expect(await screen.findByText('Нет добавленных администраторов')).toBeInTheDocument();
  });

  it('shows the instructions with a 5 s countdown the first time, then the invitation step', async () => {
    localStorage.removeItem('crm.inviteInstructionsRead');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setViewport(1280);
    renderSettings(path, { api: listed(staff) });
    fireEvent.click(await screen.findByRole('button', { name: /Добавить администратора/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Как добавить администратора' });
    expect(within(dialog).getByRole('button', { name: 'Понятно (5 сек.)' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(3_000));
    expect(within(dialog).getByRole('button', { name: 'Понятно (2 сек.)' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(2_000));
    expect(within(dialog).getByText(/Ссылка даёт доступ ко всей сети/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Понятно' }));
    expect(await screen.findByText('Ссылка-приглашение')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Создать ссылку/ })).toBeInTheDocument();
    // Read once on this device: the next time «Понятно» works at once.
    expect(localStorage.getItem('crm.inviteInstructionsRead')).toBe('1');
  });

  it('edits a colleague: save disabled until a change, position offered, success message', async () => {
    setViewport(1280);
    const { calls } = renderSettings(path, {
      api: { ...listed(staff), 'POST /api/user/update/u2': () => ({ user: maria }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить Мария Орлова' }));
    const dialog = await screen.findByRole('dialog', { name: 'Редактирование профиля' });
    const save = within(dialog).getByRole('button', { name: 'Сохранить' });
    expect(save).toBeDisabled();
    expect(within(dialog).getByLabelText('Имя')).toHaveValue('Мария');
    fireEvent.change(within(dialog).getByLabelText('Фамилия'), { target: { value: 'Петрова' } });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.change(within(dialog).getByLabelText('Фамилия'), { target: { value: 'Орлова' } });
    await waitFor(() => expect(save).toBeDisabled());
    fireEvent.change(within(dialog).getByLabelText('Фамилия'), { target: { value: ' Петрова ' } });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await screen.findByText('Профиль администратора успешно обновлен')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/user/update/u2')?.body).toEqual({
      name: 'Мария',
      surname: 'Петрова',
      email: 'maria@demo-carwash.ru',
      number: '+79161234502',
      position: 'administrator',
    });
  });

  it('puts the server’s field errors on their fields when an edit fails', async () => {
    setViewport(1280);
    renderSettings(path, {
      api: {
        ...listed(staff),
        'POST /api/user/update/u2': () => apiError(400, 'Проверьте поля', { email: 'Неверный формат email' }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить Мария Орлова' }));
    const dialog = await screen.findByRole('dialog', { name: 'Редактирование профиля' });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'maria@x.ru' } });
    const save = within(dialog).getByRole('button', { name: 'Сохранить' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await screen.findByText('Ошибка при обновлении профиля')).toBeInTheDocument();
    expect(await within(dialog).findByText('Неверный формат email')).toBeInTheDocument();
  });

  it('removes a colleague after a confirmation naming her, and refreshes the list', async () => {
    setViewport(1280);
    let users = staff;
    const { calls } = renderSettings(path, {
      api: {
        'GET /api/station/list_of_users/s1': () => ({ users }),
        'POST /api/user/update/u2': () => {
          users = [testUser()];
          return { user: { ...maria, networks: [], position: null } };
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить Мария Орлова' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить сотрудника?' });
    expect(within(dialog).getByText(/Мария Орлова больше не будет работать/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Администратор успешно удален')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/user/update/u2')?.body).toEqual({ networks: [] });
    await waitFor(() => expect(screen.queryByText('Мария Орлова')).not.toBeInTheDocument());
  });

  it('says so when a removal fails', async () => {
    setViewport(1280);
    renderSettings(path, {
      api: { ...listed(staff), 'POST /api/user/update/u2': () => apiError(403, 'Нет прав') },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить Мария Орлова' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить сотрудника?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Ошибка при удалении администратора')).toBeInTheDocument();
  });

  it('lets role admin add a user by login', async () => {
    setViewport(1280);
    const { calls } = renderSettings(path, {
      user: testUser({ role: 'admin', position: null, networks: [] }),
      api: { ...listed(staff), 'POST /api/user/add_user_admin/s1': () => ({ user: maria }) },
    });
    const card = (await screen.findByText('Добавить по логину')).closest('.ant-card') as HTMLElement;
    fireEvent.change(within(card).getByLabelText('Логин'), { target: { value: ' admin1 ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Добавить' }));
    expect(await screen.findByText('Администратор успешно добавлен')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/user/add_user_admin/s1')?.body).toEqual({
      login: 'admin1',
      position: 'administrator',
    });
  });
});
