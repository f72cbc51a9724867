import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSessionUser } from '../../../lib/session';
import { testStation } from '../testing/render';
import { renderSettings, setViewport } from '../testing/settings-harness';

const boxNames = () =>
  within(screen.getByRole('list', { name: 'Боксы станции' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

const inUse = 'Нельзя убрать бокс 4: на него есть будущие заказы. Перенесите или отмените их сначала';

describe('SettingsBoxesPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setSessionUser('u1');
    setViewport(800);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setViewport();
  });

  it('adds a Free box with the next number, removes the last one and saves the count', async () => {
    const { calls } = renderSettings('/station/s1/settings/boxes', {
      api: {
        'POST /api/station/update/s1': () => ({
          station: testStation({ boxes: [1, 2, 3, 4, 5].map((number) => ({ number, status: 'Free' })) }),
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить бокс' }));
    await screen.findByText('Бокс 5');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить бокс' }));
    await screen.findByText('Бокс 6');
    expect(boxNames()).toEqual([
      'Бокс 1Свободен',
      'Бокс 2Свободен',
      'Бокс 3Свободен',
      'Бокс 4Свободен',
      'Бокс 5СвободенНовый',
      'Бокс 6СвободенНовый',
    ]);
    expect(screen.getByLabelText('Количество боксов')).toHaveValue('6');
    fireEvent.click(screen.getByRole('button', { name: 'Убрать бокс 6' }));
    await waitFor(() => expect(boxNames()).toHaveLength(5));

    fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    expect(await screen.findByText('Количество боксов успешно обновлено')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/station/update/s1')?.body).toEqual({ boxes: 5 });
    await waitFor(() => expect(screen.queryByText('Новый')).not.toBeInTheDocument());
  });

  it('shows a box with a car in it as «Занят» with the order, a blocked one as «Заблокирован» (issue 38)', async () => {
    const now = Math.floor(Date.now() / 1000);
    // [id, number, status, source, type, start_s, minutes, box, sum, brand, model, plate]: status 2 is
    // Processing, type 1 a blocked slot.
    const rows = [
      ['o1', 10234, 2, 0, 0, now - 600, 30, 2, 1000, 'Kia', 'Rio', 'А123ВС77'],
      ['o2', 10235, 1, 0, 1, now - 600, 60, 3, 0, '', '', ''],
    ];
    renderSettings('/station/s1/settings/boxes', { api: { 'GET /api/order/calendar': () => ({ rows }) } });
    await waitFor(() =>
      expect(boxNames()[1]).toMatch(/^Бокс 2Занят№ 10234 · Kia Rio А123ВС77 · \d\d:\d\d–\d\d:\d\d$/),
    );
    expect(boxNames()[0]).toBe('Бокс 1Свободен');
    expect(boxNames()[2]).toMatch(/^Бокс 3ЗаблокированСлот заблокирован · /);
  });

  it('checks the count with the spec messages', async () => {
    const { calls } = renderSettings('/station/s1/settings/boxes');
    const input = await screen.findByLabelText('Количество боксов');
    fireEvent.change(input, { target: { value: '30' } });
    expect(await screen.findByText('Максимальное количество боксов - 20')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '0' } });
    expect(await screen.findByText('Должен быть хотя бы один бокс')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '' } });
    expect(await screen.findByText('Пожалуйста, укажите количество боксов')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    await waitFor(() =>
      expect(screen.getByText('Пожалуйста, укажите количество боксов')).toBeInTheDocument(),
    );
    expect(calls.some((c) => c.key === 'POST /api/station/update/s1')).toBe(false);
  });

  it('shows the server’s reason when a box with future orders cannot go, keeping the form', async () => {
    renderSettings('/station/s1/settings/boxes', {
      api: {
        'POST /api/station/update/s1': () =>
          new Response(JSON.stringify({ error: { code: 'BOX_IN_USE', message: inUse } }), {
            status: 409,
            headers: { 'Content-Type': 'application/json' },
          }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Убрать бокс 4' }));
    await waitFor(() => expect(boxNames()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(inUse)).toBeInTheDocument();
    expect(within(alert).getByText('Ошибка при обновлении количества боксов')).toBeInTheDocument();
    expect(screen.getByLabelText('Количество боксов')).toHaveValue('3');
    // The button stops spinning (and is named without «loading») as the save settles.
    expect(await screen.findByRole('button', { name: 'Сохранить изменения' })).toBeEnabled();
  });

  it('lists the orders on the box that goes, which cannot be kept, and cancels them (issue 38)', async () => {
    const onFourth = {
      id: 'o4',
      number: 10004,
      date: '2031-03-11',
      start: '12:00',
      end: '12:30',
      booking_start: '2031-03-11T09:00:00.000Z',
      booking_end: '2031-03-11T09:30:00.000Z',
      box_number: 4,
      status: 'Booked',
      source: 'Own',
      car: 'Skoda Octavia',
      plate_number: 'м505ор77',
      reason: 'box',
    };
    const { calls } = renderSettings('/station/s1/settings/boxes', {
      api: {
        'POST /api/station/update/s1': (body) =>
          (body as { affected_orders?: string }).affected_orders
            ? { station: testStation({ boxes: [1, 2, 3].map((number) => ({ number, status: 'Free' })) }) }
            : new Response(
                JSON.stringify({
                  error: {
                    code: 'ORDERS_OUTSIDE_HOURS',
                    message: 'Заказы мешают',
                    orders: [onFourth],
                    total: 1,
                  },
                }),
                { status: 409, headers: { 'Content-Type': 'application/json' } },
              ),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Убрать бокс 4' }));
    await waitFor(() => expect(boxNames()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    const dialog = await screen.findByRole('dialog', { name: 'Заказы вне нового графика' });
    expect(within(dialog).getByText('Бокс убирается')).toBeInTheDocument();
    expect(within(dialog).getByText('Skoda Octavia · М505ОР77')).toBeInTheDocument();
    // A box change has no «from which day»; the order cannot stay on a box that goes.
    expect(within(dialog).queryByText(/Новый график действует/)).toBeNull();
    expect(within(dialog).getByRole('radio', { name: /Оставить заказы/ })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить и отменить заказы' }));
    expect(await screen.findByText('Количество боксов успешно обновлено')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.filter((c) => c.key === 'POST /api/station/update/s1').map((c) => c.body);
    expect(sent).toEqual([
      { boxes: 3 },
      { boxes: 3, affected_orders: 'cancel', cancel_reason: 'NotWorking' },
    ]);
  });

  it('lists the boxes without changing them for those who cannot change the station', async () => {
    renderSettings('/station/s1/settings/boxes', { canManage: false });
    expect(await screen.findByLabelText('Количество боксов')).toBeDisabled();
    expect(boxNames()).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Добавить бокс' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Убрать бокс/ })).not.toBeInTheDocument();
  });
});
