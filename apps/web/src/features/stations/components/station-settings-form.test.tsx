import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setSessionUser } from '../../../lib/session';
import { mockApi, renderPage, testStation } from '../testing/render';
import { StationSettingsForm } from './station-settings-form';

vi.mock('./leaflet-map', () => ({ default: () => <div>карта</div> }));

const config = { provider: 'local', demo: true, telegramBotName: 'bot', supportUrl: 'x', mapTileUrl: 'x' };

describe('StationSettingsForm (the wizard step)', { timeout: 20_000 }, () => {
  beforeEach(() => setSessionUser('u1'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks boxes 1–20, saves the whole station with the spec message and moves the wizard on', async () => {
    const api = mockApi({
      'GET /api/auth/config': () => config,
      'POST /api/station/update/s1': (body) => ({ station: testStation({ ...(body as object), boxes: [] }) }),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    const onSaved = vi.fn();
    renderPage(
      <StationSettingsForm
        station={testStation()}
        readOnly={false}
        submitLabel="Сохранить и продолжить"
        onSaved={onSaved}
      />,
    );
    const save = screen.getByRole('button', { name: 'Сохранить и продолжить' });

    fireEvent.change(screen.getByLabelText('Количество боксов'), { target: { value: '30' } });
    fireEvent.click(save);
    expect(await screen.findByText('Максимальное количество боксов - 20')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Количество боксов'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: ' Мойка на Ленина 2 ' } });
    fireEvent.click(save);
    expect(await screen.findByText('Настройки успешно обновлены')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/station/update/s1')?.body).toMatchObject({
      name: 'Мойка на Ленина 2',
      boxes: 6,
      slot_duration: 30,
      worktime_by_day: { start_Monday: '08:00', end_Monday: '22:00' },
      location: { type: 'Point', coordinates: [37.58632, 55.70753] },
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
  });

  it('is read-only without editing controls', () => {
    vi.stubGlobal('fetch', mockApi({ 'GET /api/auth/config': () => config }).fetchMock);
    renderPage(<StationSettingsForm station={testStation()} readOnly />);
    expect(screen.getByLabelText('Название')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Применить к выбранным дням' })).not.toBeInTheDocument();
  });
});
