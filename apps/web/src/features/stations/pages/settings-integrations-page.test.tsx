import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { partnerMessages, type StationPartner } from '@crm/shared';
import { setSessionUser } from '../../../lib/session';
import { testDelivery, testIntegrations } from '../../partners/testing/fixtures';
import { apiError } from '../testing/render';
import { renderSettings, setViewport } from '../testing/settings-harness';

const PATH = '/station/s1/settings/integrations';
const KEY = 'GET /api/station/s1/partners';
const connected = (over: Partial<StationPartner>): StationPartner => ({
  ...testIntegrations().connections[0]!,
  ...over,
});

describe('SettingsIntegrationsPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setSessionUser('u1');
    setViewport(1440);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setViewport();
  });

  it('shows the connections and the last exchanges with Russian events and results in the station’s time', async () => {
    renderSettings(PATH, {
      api: {
        [KEY]: () =>
          testIntegrations({
            deliveries: [
              testDelivery({ kind: 'booking.create', at: '2026-11-28T09:05:00.000Z' }),
              testDelivery({
                direction: 'out',
                kind: 'booking.accepted',
                result: 'failed',
                status_code: 503,
                attempts: 3,
              }),
              testDelivery({ direction: 'out', kind: 'booking.paid', result: 'pending', status_code: null }),
              testDelivery({ kind: 'booking.weird', order_number: null, partner_order_id: 'Y-7' }),
            ],
          }),
      },
    });
    const table = within((await screen.findByText('Последний обмен')).closest('.ant-card') as HTMLElement);
    const rows = table
      .getAllByRole('row')
      .slice(1)
      .filter((r) => !r.className.includes('measure'));
    expect(rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent))).toEqual([
      ['28.11 12:05', 'Запрос партнёра', 'Яндекс Заправки', 'Новый заказ', '№ 10234', 'Принят', '1'],
      ['28.11 12:05', 'Уведомление партнёру', 'Яндекс Заправки', 'Принят', '№ 10234', 'Ошибка 503', '3'],
      ['28.11 12:05', 'Уведомление партнёру', 'Яндекс Заправки', 'Оплачен', '№ 10234', 'В очереди', '1'],
      ['28.11 12:05', 'Запрос партнёра', 'Яндекс Заправки', 'booking.weird', 'Y-7', 'Принят', '1'],
    ]);
    expect(table.getByText('Ошибка 503').className).toMatch(/error/);
    expect(table.getByText('В очереди').className).toMatch(/warning/);
    expect(screen.getByRole('switch', { name: 'Принимать заказы: Яндекс Заправки' })).toBeChecked();
    expect(screen.getByText('YA-100101')).toBeInTheDocument();
  });

  it('connects a partner not yet connected, with the station’s carwash_id offered as its number', async () => {
    const { calls } = renderSettings(PATH, {
      api: {
        [KEY]: () => testIntegrations(),
        'POST /api/station/s1/partners': (body) =>
          connected({ ...(body as object), partner_name: 'Benzuber', source: 'Benzuber' }),
      },
    });
    const form = within((await screen.findByText('Подключить партнёра')).closest('.ant-card') as HTMLElement);
    expect(form.getByLabelText('Номер станции у партнёра')).toHaveValue('100101');
    fireEvent.click(form.getByRole('button', { name: 'Подключить' }));
    expect(await screen.findByText(partnerMessages.connected)).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/station/s1/partners')?.body).toEqual({
      partner_id: 'p2',
      partner_station_id: '100101',
      enabled: true,
    });
    expect(screen.getByRole('switch', { name: 'Принимать заказы: Benzuber' })).toBeChecked();
    expect(screen.getByText('Станция подключена ко всем зарегистрированным партнёрам')).toBeInTheDocument();
  });

  it('switches a partner off at once and keeps it off when the server agrees', async () => {
    let answer: (value: unknown) => void = () => {};
    const { calls } = renderSettings(PATH, {
      api: {
        [KEY]: () => testIntegrations(),
        'POST /api/station/s1/partners': () => new Promise((resolve) => (answer = resolve)),
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Принимать заказы: Яндекс Заправки' });
    fireEvent.click(toggle);
    // Off on screen before the server has answered.
    await waitFor(() => expect(toggle).not.toBeChecked());
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/station/s1/partners')?.body).toEqual({
        partner_id: 'p1',
        partner_station_id: 'YA-100101',
        enabled: false,
      }),
    );
    answer(connected({ enabled: false }));
    expect(await screen.findByText(partnerMessages.disconnected)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });

  it('puts a switch back when the server refuses', async () => {
    renderSettings(PATH, {
      api: {
        [KEY]: () => testIntegrations(),
        'POST /api/station/s1/partners': () => apiError(409, partnerMessages.partnerStationTaken),
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Принимать заказы: Яндекс Заправки' });
    fireEvent.click(toggle);
    expect(await screen.findByText(partnerMessages.partnerStationTaken)).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });

  it('says a failed load with «Повторить», and an empty exchange as such', async () => {
    let first = true;
    renderSettings(PATH, {
      api: {
        [KEY]: () => {
          if (!first) return testIntegrations();
          first = false;
          return apiError(500, 'Ошибка');
        },
      },
    });
    expect(await screen.findByText('Не удалось загрузить интеграции')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText(partnerMessages.noDeliveries)).toBeInTheDocument();
  });

  it('lists the exchanges as cards on a phone', async () => {
    setViewport(390);
    renderSettings(PATH, {
      api: { [KEY]: () => testIntegrations({ deliveries: [testDelivery({ kind: 'availability' })] }) },
    });
    const cards = await screen.findByRole('list', { name: 'Последний обмен' });
    expect(cards).toHaveTextContent('Запрос свободного времени');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
