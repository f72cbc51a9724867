import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { stationMessages } from '@crm/shared';
import { setSessionUser } from '../../../lib/session';
import { saveStationDraft } from '../lib/station-draft';
import { mockApi, renderPage, testStation } from '../testing/render';
import { AddStationModal } from './add-station-modal';
import { expectMessages } from '../../../test/form-messages';

// Leaflet needs a real layout engine; a stand-in map lets the test click a point.
vi.mock('./leaflet-map', () => ({
  default: ({ onPick }: { onPick?: (p: { lat: number; lon: number }) => void }) => (
    <button type="button" onClick={() => onPick?.({ lat: 55.7585, lon: 37.6118 })}>
      карта
    </button>
  ),
}));

const config = {
  provider: 'local',
  demo: true,
  telegramBotName: 'bot',
  supportUrl: 'https://t.me/x',
  mapTileUrl: 'x',
};

describe('AddStationModal', () => {
  beforeEach(() => {
    localStorage.clear();
    setSessionUser('u1');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers the saved draft and restores it', async () => {
    vi.stubGlobal('fetch', mockApi({ 'GET /api/auth/config': () => config }).fetchMock);
    saveStationDraft('u1', {
      name: 'Мойка у вокзала',
      boxes: 6,
      address: 'Москва, Тверская улица, 7',
      worktime: { start_Monday: '10:00', end_Monday: '20:00' },
    });
    renderPage(<AddStationModal open onClose={() => {}} userId="u1" />);
    expect(await screen.findByText('Найден черновик объекта')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Восстановить' }));
    await waitFor(() => expect(screen.getByLabelText('Название')).toHaveValue('Мойка у вокзала'));
    expect(screen.getByLabelText('Количество боксов')).toHaveValue('6');
    // The draft's hours replace the defaults: only Monday works.
    expect(screen.getByText('10:00–20:00')).toBeInTheDocument();
    expect(screen.getAllByText('Выходной')).toHaveLength(6);
    expect(screen.queryByText('Найден черновик объекта')).not.toBeInTheDocument();
  });

  it('saves a draft on every change and turns a non-numeric boxes entry into 1', async () => {
    vi.stubGlobal('fetch', mockApi({ 'GET /api/auth/config': () => config }).fetchMock);
    renderPage(<AddStationModal open onClose={() => {}} userId="u1" />);
    fireEvent.change(await screen.findByLabelText('Название'), { target: { value: 'Новая' } });
    fireEvent.change(screen.getByLabelText('Количество боксов'), { target: { value: 'abc' } });
    await waitFor(() => {
      const draft = JSON.parse(localStorage.getItem('crm.stationDraft:u1') ?? '{}');
      expect(draft.values).toMatchObject({ name: 'Новая', boxes: 1 });
    });
  });

  it('shows the spec messages and creates the station with a map point', async () => {
    const api = mockApi({
      'GET /api/auth/config': () => config,
      'GET /api/geo/reverse': () => ({ address: 'Москва, Тверская улица, 7' }),
      'POST /api/station/create': () => ({ data: testStation({ id: 's9' }) }),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    const onClose = vi.fn();
    renderPage(<AddStationModal open onClose={onClose} userId="u1" />);
    fireEvent.change(await screen.findByLabelText('Название'), { target: { value: 'М' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Добавить объект' }).at(-1)!);
    await expectMessages(
      stationMessages.nameMin,
      stationMessages.addressRequired,
      stationMessages.pointRequired,
    );

    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Мойка на Тверской' } });
    fireEvent.click(await screen.findByRole('button', { name: 'карта' }));
    await waitFor(() => expect(screen.getByLabelText('Адрес')).toHaveValue('Москва, Тверская улица, 7'));
    fireEvent.click(screen.getAllByRole('button', { name: 'Добавить объект' }).at(-1)!);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = api.calls.find((c) => c.key === 'POST /api/station/create')?.body;
    expect(body).toMatchObject({
      name: 'Мойка на Тверской',
      boxes: 1,
      address: 'Москва, Тверская улица, 7',
      location: { type: 'Point', coordinates: [37.6118, 55.7585] },
      worktime_by_day: { start_Monday: '09:00', end_Sunday: '21:00' },
    });
    expect(await screen.findByText('Объект успешно добавлен')).toBeInTheDocument();
    expect(localStorage.getItem('crm.stationDraft:u1')).toBeNull();
  });
});
