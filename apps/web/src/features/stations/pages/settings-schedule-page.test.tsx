import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import type { CrmData, Station } from '@crm/shared';
import { setSessionUser } from '../../../lib/session';
import { testStation } from '../../../test/fixtures';
import { mockFetch, renderRoutes } from '../../../test/render';
import type { StationContext } from '../lib/station-context';
import { SettingsSchedulePage } from './settings-schedule-page';

const seenShellTour: CrmData = { hasSeenTutorial: true, stationScheduleTutorial: true };
const station = testStation({
  worktime_by_day: { start_Monday: '08:00', end_Monday: '22:00', start_Sunday: '10:00', end_Sunday: '16:00' },
});

interface Serve {
  crmData?: CrmData;
  /** The answer to the save; by default the station with the saved hours. */
  update?: (body: Record<string, unknown>) => { status: number; body?: unknown };
}

function serve({ crmData = seenShellTour, update }: Serve = {}) {
  return mockFetch((url, init) => {
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    if (url === '/api/user/get_crm_data/u1') return { status: 200, body: { crm_data: crmData } };
    if (url === '/api/user/update_crm_data/u1') {
      return { status: 200, body: { crm_data: { ...crmData, ...(body.crm_data as CrmData) } } };
    }
    if (url === '/api/station/update/s1') {
      return update?.(body) ?? { status: 200, body: { station: { ...station, ...body } } };
    }
    if (url === '/api/error') return { status: 200, body: {} };
    return undefined;
  });
}

function show(canManage = true, over: Partial<Station> = {}) {
  const context: StationContext = { station: { ...station, ...over }, external: false, canManage };
  return renderRoutes(
    [
      {
        path: '/station/:stationId',
        element: <Outlet context={context} />,
        children: [
          { path: 'settings/schedule', element: <SettingsSchedulePage /> },
          { path: 'orders', element: <p>Страница заказов</p> },
        ],
      },
    ],
    '/station/s1/settings/schedule',
  );
}

const card = (name: string) => screen.getByRole('group', { name });
const posts = (calls: ReturnType<typeof mockFetch>, url: string) =>
  calls.filter((c) => c.url === url && c.init.method === 'POST').map((c) => JSON.parse(String(c.init.body)));

/** Moves a slider handle by `steps` of 15 minutes with the arrow keys, as a keyboard user does. */
function moveHandle(name: string, steps: number) {
  const handle = screen.getByRole('slider', { name });
  for (let i = 0; i < Math.abs(steps); i++) fireEvent.keyDown(handle, { keyCode: steps > 0 ? 39 : 37 });
}

// Slow on the shared 2-core machines: a full antd page with seven sliders per render.
describe('SettingsSchedulePage', { timeout: 30_000 }, () => {
  beforeEach(() => setSessionUser('u1'));
  afterEach(cleanup);

  it('saves Saturday 10:00–18:00 and Sunday off as daysOfWork with worktime_by_day', async () => {
    const calls = serve();
    show();
    const save = screen.getByRole('button', { name: 'Сохранить изменения' });
    expect(save).toBeDisabled();

    fireEvent.click(screen.getByRole('switch', { name: 'Суббота: рабочий день' }));
    expect(within(card('Суббота')).getByText('10:00–19:00')).toBeInTheDocument();
    moveHandle('Суббота: конец работы', -4);
    expect(within(card('Суббота')).getByText('10:00–18:00')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Воскресенье: рабочий день' }));
    expect(within(card('Воскресенье')).getByText('Выходной')).toBeInTheDocument();

    fireEvent.click(save);
    expect(await screen.findByText('Настройки успешно обновлены')).toBeInTheDocument();
    expect(posts(calls, '/api/station/update/s1')).toEqual([
      {
        daysOfWork: ['Monday', 'Saturday'],
        worktime_by_day: {
          start_Monday: '08:00',
          end_Monday: '22:00',
          start_Saturday: '10:00',
          end_Saturday: '18:00',
        },
      },
    ]);
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('sets the same hours on the picked days with «Применить»', async () => {
    const calls = serve();
    show();
    for (const day of ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница']) {
      fireEvent.click(
        within(screen.getByRole('group', { name: 'Дни для новых часов' })).getByRole('button', {
          name: new RegExp(day, 'i'),
        }),
      );
    }
    // Picking Monday, which had hours, removes them until the new ones are applied (S2 §4).
    expect(within(card('Понедельник')).getByText('Выходной')).toBeInTheDocument();
    moveHandle('Выбранные дни: начало работы', -4);
    moveHandle('Выбранные дни: конец работы', 8);
    fireEvent.click(screen.getByRole('button', { name: 'Применить' }));
    for (const day of ['Понедельник', 'Пятница']) {
      expect(within(card(day)).getByText('09:00–21:00')).toBeInTheDocument();
    }
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    await screen.findByText('Настройки успешно обновлены');
    expect(posts(calls, '/api/station/update/s1')[0]).toMatchObject({
      daysOfWork: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Sunday'],
      worktime_by_day: { start_Tuesday: '09:00', end_Friday: '21:00', start_Sunday: '10:00' },
    });
  });

  it('asks to pick days before applying', () => {
    serve();
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Применить' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Выберите дни недели');
  });

  it('does not save a week without working days', async () => {
    const calls = serve();
    show();
    fireEvent.click(screen.getByRole('switch', { name: 'Понедельник: рабочий день' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Воскресенье: рабочий день' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    expect(await screen.findByText('Выберите хотя бы один день работы')).toBeInTheDocument();
    expect(posts(calls, '/api/station/update/s1')).toEqual([]);
    // Fixing it clears the message.
    fireEvent.click(screen.getByRole('switch', { name: 'Понедельник: рабочий день' }));
    expect(screen.queryByText('Выберите хотя бы один день работы')).not.toBeInTheDocument();
  });

  it('shows the server’s schedule message at the day and in the summary', async () => {
    serve({
      update: () => ({
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Проверьте введённые данные',
            fields: { 'worktime_by_day.start_Saturday': 'Укажите время работы для субботы' },
          },
        },
      }),
    });
    show();
    fireEvent.click(screen.getByRole('switch', { name: 'Суббота: рабочий день' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    expect(await screen.findByText('Ошибка при обновлении настроек')).toBeInTheDocument();
    expect(within(card('Суббота')).getByText('Укажите время работы для субботы')).toBeInTheDocument();
    const summary = screen.getByText('График нельзя сохранить').closest<HTMLElement>('[role="alert"]')!;
    expect(within(summary).getByText('Укажите время работы для субботы')).toBeInTheDocument();
  });

  it('lists the orders the new hours leave out and cancels them with a reason when asked (issue 38)', async () => {
    const listed = {
      id: 'o1',
      number: 10001,
      date: '2031-03-16',
      start: '11:00',
      end: '12:00',
      booking_start: '2031-03-16T08:00:00.000Z',
      booking_end: '2031-03-16T09:00:00.000Z',
      box_number: 2,
      status: 'Booked',
      source: 'Yandex',
      car: 'Kia Rio',
      plate_number: 'а123вс77',
      reason: 'hours',
    };
    const calls = serve({
      update: (body) =>
        body.affected_orders
          ? { status: 200, body: { station: { ...station, worktime_by_day: body.worktime_by_day } } }
          : {
              status: 409,
              body: {
                error: {
                  code: 'ORDERS_OUTSIDE_HOURS',
                  message: 'Изменение оставляет вне графика или без бокса 1 заказ.',
                  orders: [listed],
                  total: 1,
                },
              },
            },
    });
    show();
    fireEvent.click(screen.getByRole('switch', { name: 'Воскресенье: рабочий день' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    const dialog = await screen.findByRole('dialog', { name: 'Заказы вне нового графика' });
    expect(within(dialog).getByText(/11:00–12:00 · Бокс 2/)).toBeInTheDocument();
    expect(within(dialog).getByText('Kia Rio · А123ВС77')).toBeInTheDocument();
    expect(within(dialog).getByText('Яндекс')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /^Перенести/ })).toHaveAttribute(
      'href',
      '/station/s1?view=day&date=2031-03-16&orderId=o1',
    );
    expect(within(dialog).getByText(/Новый график действует сразу, с сегодняшнего дня/)).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Отменить заказы' }));
    expect(within(dialog).getByText('Партнёр получит уведомление об отмене: Яндекс')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Другое' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить и отменить заказы' }));
    // «Другое» says nothing by itself: the words are required.
    expect(await within(dialog).findByText('Опишите причину')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Комментарий' }), {
      target: { value: 'Ремонт' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить и отменить заказы' }));
    expect(await screen.findByText('Отменено: 1 заказ')).toBeInTheDocument();
    const sent = posts(calls, '/api/station/update/s1');
    expect(sent).toHaveLength(2);
    expect(sent[0]).not.toHaveProperty('affected_orders');
    expect(sent[1]).toMatchObject({
      affected_orders: 'cancel',
      cancel_reason: 'Other',
      cancel_comment: 'Ремонт',
    });
  });

  it('puts the week back on «Отменить изменения»', () => {
    serve();
    show();
    fireEvent.click(screen.getByRole('switch', { name: 'Понедельник: рабочий день' }));
    expect(within(card('Понедельник')).getByText('Выходной')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Отменить изменения' }));
    expect(within(card('Понедельник')).getByText('08:00–22:00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Сохранить изменения' })).toBeDisabled();
  });

  it('asks before leaving with unsaved changes', async () => {
    serve();
    const { router } = show();
    fireEvent.click(screen.getByRole('switch', { name: 'Суббота: рабочий день' }));
    await act(() => router.navigate('/station/s1/orders'));
    const dialog = await screen.findByRole('dialog', { name: 'Покинуть страницу без сохранения?' });
    expect(dialog).toHaveTextContent('Вы не сохранили ваши изменения');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Нет, сохраню' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/station/s1/settings/schedule'));

    // The first dialog may still be fading out: answer the newest.
    const shown = screen.queryAllByRole('button', { name: 'Да, продолжить' }).length;
    await act(() => router.navigate('/station/s1/orders'));
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Да, продолжить' })).toHaveLength(shown + 1),
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Да, продолжить' }).at(-1)!);
    expect(await screen.findByText('Страница заказов')).toBeInTheDocument();
  });

  it('leaves without asking when nothing changed', async () => {
    serve();
    const { router } = show();
    await act(() => router.navigate('/station/s1/orders'));
    expect(await screen.findByText('Страница заказов')).toBeInTheDocument();
    expect(screen.queryByText('Покинуть страницу без сохранения?')).not.toBeInTheDocument();
  });

  it('shows the tutorial once and remembers it was closed', async () => {
    const calls = serve({ crmData: { hasSeenTutorial: true } });
    show();
    expect(await screen.findByText('Дни недели')).toBeInTheDocument();
    expect(document.querySelectorAll('.ant-tour-indicator')).toHaveLength(5);
    fireEvent.click(document.querySelector('.ant-tour-close')!);
    await waitFor(() =>
      expect(posts(calls, '/api/user/update_crm_data/u1')).toEqual([
        { crm_data: { stationScheduleTutorial: true } },
      ]),
    );
    await waitFor(() => expect(screen.queryByText('Дни недели')).not.toBeInTheDocument());
  });

  it('does not show the tutorial once it is done, but replays it on request', async () => {
    const calls = serve({ crmData: seenShellTour });
    show();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/user/get_crm_data/u1')).toBe(true));
    expect(screen.queryByText('Дни недели')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Как это работает/ }));
    expect(await screen.findByText('Дни недели')).toBeInTheDocument();
    fireEvent.click(document.querySelector('.ant-tour-close')!);
    await waitFor(() => expect(screen.queryByText('Дни недели')).not.toBeInTheDocument());
    expect(posts(calls, '/api/user/update_crm_data/u1')).toEqual([]);
  });

  it('waits for the first-visit tour of the app before its own', async () => {
    const calls = serve({ crmData: {} });
    show();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/user/get_crm_data/u1')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Дни недели')).not.toBeInTheDocument();
  });

  it('is read-only without the right to change the station', async () => {
    const calls = serve({ crmData: { hasSeenTutorial: true } });
    show(false);
    expect(within(card('Понедельник')).getByText('08:00–22:00')).toBeInTheDocument();
    expect(within(card('Суббота')).getByText('Выходной')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Сохранить изменения' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Как это работает/ })).not.toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/user/get_crm_data/u1')).toBe(true));
    expect(screen.queryByText('Дни недели')).not.toBeInTheDocument();
  });
});
