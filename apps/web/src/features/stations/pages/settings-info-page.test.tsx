import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setSessionUser } from '../../../lib/session';
import { apiError, testStation } from '../testing/render';
import { renderSettings, setViewport } from '../testing/settings-harness';

vi.mock('../components/leaflet-map', () => ({ default: () => <div>карта</div> }));

describe('SettingsInfoPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setSessionUser('u1');
    setViewport(800);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setViewport();
  });

  it('saves the name, address and time zone with the spec message', async () => {
    const { calls } = renderSettings('/station/s1/settings/info', {
      api: {
        'POST /api/station/update/s1': (body) => ({ station: testStation(body as object) }),
      },
    });
    const save = await screen.findByRole('button', { name: 'Сохранить изменения' });
    expect(save).toBeDisabled();

    fireEvent.change(screen.getByLabelText('Название'), { target: { value: '   ' } });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await screen.findByText('Пожалуйста, введите название станции')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/station/update/s1')).toBe(false);

    fireEvent.change(screen.getByLabelText('Название'), { target: { value: ' Мойка на Ленина 2 ' } });
    fireEvent.click(save);
    expect(await screen.findByText('Настройки успешно обновлены')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/station/update/s1')?.body).toEqual({
      name: 'Мойка на Ленина 2',
      address: 'Москва, Ленинский проспект, 45',
      time_zone: 'Europe/Moscow',
      location: { type: 'Point', coordinates: [37.58632, 55.70753] },
    });
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('takes the settings’ fresh copy of the station into an untouched form, and keeps what is typed', async () => {
    const fresh = testStation({ name: 'Мойка на Ленина 2' });
    const answerLater = () => {
      let answer = () => {};
      const answered = new Promise<{ station: typeof fresh }>((resolve) => {
        answer = () => resolve({ station: fresh });
      });
      return { answer, route: { 'GET /api/station/s1': () => answered } };
    };

    // The station list's copy draws the form at once; the fresh one replaces it when nothing is typed.
    const untouched = answerLater();
    renderSettings('/station/s1/settings/info', { api: untouched.route });
    expect(await screen.findByLabelText('Название')).toHaveValue('Мойка на Ленина');
    untouched.answer();
    await waitFor(() => expect(screen.getByLabelText('Название')).toHaveValue('Мойка на Ленина 2'));
    expect(screen.getByRole('button', { name: 'Сохранить изменения' })).toBeDisabled();
    cleanup();

    const touched = answerLater();
    renderSettings('/station/s1/settings/info', { api: touched.route });
    fireEvent.change(await screen.findByLabelText('Название'), { target: { value: 'Мойка у моста' } });
    touched.answer();
    expect(await screen.findByRole('link', { name: 'Мойка на Ленина 2' })).toBeInTheDocument();
    expect(screen.getByLabelText('Название')).toHaveValue('Мойка у моста');
    expect(screen.getByRole('button', { name: 'Сохранить изменения' })).toBeEnabled();
  });

  it('puts the server’s field message on the field and says the save failed', async () => {
    renderSettings('/station/s1/settings/info', {
      api: {
        'POST /api/station/update/s1': () =>
          apiError(400, 'Проверьте поля', { name: 'Название не должно превышать 50 символов' }),
      },
    });
    fireEvent.change(await screen.findByLabelText('Название'), { target: { value: 'Мойка у моста' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    expect(await screen.findByText('Ошибка при сохранении настроек станции')).toBeInTheDocument();
    expect(await screen.findByText('Название не должно превышать 50 символов')).toBeInTheDocument();
    expect(screen.getByLabelText('Название')).toHaveValue('Мойка у моста');
  });

  it('puts the saved values back on «Отменить изменения»', async () => {
    renderSettings('/station/s1/settings/info');
    fireEvent.change(await screen.findByLabelText('Название'), { target: { value: 'Другая' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить изменения' }));
    await waitFor(() => expect(screen.getByLabelText('Название')).toHaveValue('Мойка на Ленина'));
    expect(screen.getByRole('button', { name: 'Сохранить изменения' })).toBeDisabled();
  });

  it('is read-only for those who cannot change the station', async () => {
    renderSettings('/station/s1/settings/info', { canManage: false });
    expect(await screen.findByLabelText('Название')).toBeDisabled();
    expect(screen.getByText('Только просмотр')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Сохранить изменения' })).not.toBeInTheDocument();
  });
});
