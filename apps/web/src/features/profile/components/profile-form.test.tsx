import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setSessionUser } from '../../../lib/session';
import { apiError, mockApi, renderPage, testUser } from '../../stations/testing/render';
import { ProfileForm } from './profile-form';
import { expectMessages } from '../../../test/form-messages';

const change = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

describe('ProfileForm', () => {
  beforeEach(() => setSessionUser('u1'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('keeps saving disabled until something really changes', async () => {
    renderPage(<ProfileForm user={testUser()} />);
    const button = screen.getByRole('button', { name: 'Сохранить' });
    expect(button).toBeDisabled();
    change('Имя', 'Алексей ');
    await waitFor(() => expect(button).toBeDisabled());
    change('Имя', 'Алёша');
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('shows every profile message of the spec', async () => {
    renderPage(<ProfileForm user={testUser({ email: null, number: null })} />);
    change('Имя', ' ');
    change('Фамилия', '');
    change('Код региона', '91');
    save();
    await expectMessages(
      'Имя обязательно',
      'Фамилия обязательна',
      'Email обязателен',
      'Необходимо заполнить все части номера телефона',
    );

    change('Email', 'owner@');
    change('Номер телефона', '1234567');
    save();
    await expectMessages(
      'Неверный формат email',
      'Введите корректный номер телефона',
      'Код региона должен содержать 3 цифры',
    );

    change('Код региона', '916');
    change('Номер телефона', '12345');
    save();
    expect(await screen.findByText('Номер телефона должен содержать 7 цифр')).toBeInTheDocument();
  });

  it('sends trimmed values with the phone as +, country, area, number', async () => {
    const api = mockApi({
      'POST /api/user/update/u1': (body) => ({ user: { ...testUser(), ...(body as object) } }),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    const onSaved = vi.fn();
    renderPage(<ProfileForm user={testUser({ email: null, number: null })} onSaved={onSaved} />);
    change('Имя', '  Олег ');
    change('Email', ' oleg@example.ru ');
    change('Код региона', '(903)');
    change('Номер телефона', '765-43-21');
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls.find((c) => c.key === 'POST /api/user/update/u1')?.body).toEqual({
      name: 'Олег',
      surname: 'Смирнов',
      email: 'oleg@example.ru',
      number: '+79037654321',
    });
    expect(await screen.findByText('Профиль успешно обновлен')).toBeInTheDocument();
  });

  it('puts server field errors on their fields', async () => {
    const api = mockApi({
      'POST /api/user/update/u1': () =>
        apiError(400, 'Проверьте правильность заполнения полей', { email: 'Этот email уже занят' }),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderPage(<ProfileForm user={testUser()} />);
    change('Email', 'taken@example.ru');
    save();
    expect(await screen.findByText('Этот email уже занят')).toBeInTheDocument();
    expect(await screen.findByText('Произошла ошибка при обновлении профиля')).toBeInTheDocument();
  });
});
