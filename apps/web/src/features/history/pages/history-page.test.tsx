import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@crm/shared';
import {
  makeOrder,
  searchOf,
  serveHistory,
  setViewport,
  showHistory,
  type HistoryAnswer,
} from '../testing/harness';

// The order modal belongs to the orders feature and has its own tests; here only the URL it reads.
vi.mock('../../orders', () => ({ OrderModals: () => null, orderParams: { orderId: 'orderId' } }));

// The browser is in New York, the station in Novosibirsk (UTC+7). At 20:00 UTC on 31 May it is already
// 1 June at the station: «this month» is June there, May in the browser.
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
const desktopWidth = window.innerWidth;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-31T20:00:00.000Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  setViewport(desktopWidth);
});

const kia = makeOrder({ id: 'kia', booking_start: '2026-06-10T03:00:00.000Z' }); // 10:00 at the station
const lada = makeOrder({
  id: 'lada',
  status: 'UserCanceled',
  sum: 900,
  booking_start: '2026-06-09T14:30:00.000Z', // 21:30 at the station
  client_car: { ...kia.client_car, brand: 'Lada', model: 'Vesta', plate_number: 'Е789КХ54' },
});
const page = (n: number, prefix = 'p'): Order[] =>
  Array.from({ length: n }, (_, i) =>
    makeOrder({
      id: `${prefix}${i}`,
      client_car: { ...kia.client_car, plate_number: `${prefix.toUpperCase()}${i}` },
    }),
  );

function open(path: string, answer: Parameters<typeof serveHistory>[0] = { orders: [kia, lada] }) {
  const api = serveHistory(answer);
  const view = showHistory(`/station/s1/history${path}`, api.user);
  return { ...api, ...view };
}

describe('order history page', () => {
  it('lists this month up to today on the station’s clock, newest first, 12 cards a page, with the totals of all matches', async () => {
    const { lists } = open('');
    const card = (await screen.findByText('10.06.26 10:00')).closest('button')!;
    expect(lists[0]).toEqual({
      station_id: 's1',
      date_start: '2026-06-01',
      // DESIGN §10: today and the past only; S1 §9: the range end (today, 1 June) plus one day.
      date_end: '2026-06-02',
      history: true,
      page: 1,
      page_size: 12,
    });
    expect(card).toHaveTextContent('Kia Rio');
    expect(card).toHaveTextContent('А123ВС54');
    expect(card).toHaveTextContent('1 500 ₽');
    expect(card).toHaveTextContent('Завершен');
    const cancelled = screen.getByText('09.06.26 21:30').closest('button')!;
    expect(cancelled).toHaveTextContent('Отменен клиентом');

    const totals = screen.getByLabelText('Итоги по найденным заказам');
    expect(totals).toHaveTextContent('Заказов2');
    expect(totals).toHaveTextContent('На сумму2 400 ₽');
    expect(totals).toHaveTextContent('Завершено1 · 1 500 ₽');
    // Two orders fit one page: no pagination.
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('sends the search once typing has stopped for 300 ms, and goes back to page 1', async () => {
    const { lists, router } = open('?page=2', (body) => ({ orders: page(12), total: body.search ? 3 : 40 }));
    await screen.findAllByText('Kia Rio');
    expect(lists.at(-1)).toMatchObject({ page: 2 });

    const box = screen.getByRole('searchbox', { name: 'Поиск по истории заказов' });
    fireEvent.change(box, { target: { value: 'е7' } });
    fireEvent.change(box, { target: { value: 'е78' } });
    fireEvent.change(box, { target: { value: 'Е789' } });
    // Nothing is asked while the user is still typing.
    await new Promise((r) => setTimeout(r, 150));
    expect(lists.some((b) => b.search)).toBe(false);

    await waitFor(() => expect(lists.at(-1)).toMatchObject({ search: 'Е789', page: 1, page_size: 12 }));
    expect(lists.filter((b) => b.search)).toHaveLength(1);
    expect(searchOf(router).get('q')).toBe('Е789');
    expect(searchOf(router).has('page')).toBe(false);
  });

  it('takes range, statuses, view and page size from the URL, so a reload shows the same list', async () => {
    const { lists } = open(
      '?period=year&from=2025-01-01&to=2025-12-31&status=cancelled,Completed&view=table&size=50&page=2',
      { orders: page(50), total: 120 },
    );
    await screen.findByRole('columnheader', { name: 'Дата' });
    expect(lists[0]).toEqual({
      station_id: 's1',
      date_start: '2025-01-01',
      date_end: '2026-01-01',
      history: true,
      // «Отменен» stands for the three cancelled statuses.
      statuses: ['Completed', 'Canceled', 'StationCanceled', 'UserCanceled'],
      page: 2,
      page_size: 50,
    });
    expect(screen.getByText('2025 год')).toBeInTheDocument();
  });

  it('asks for the three cancelled statuses when «Отменен» is chosen, and starts again at page 1', async () => {
    const { lists, router } = open('?page=3', { orders: page(12), total: 100 });
    await screen.findAllByText('Kia Rio');
    fireEvent.mouseDown(screen.getByLabelText('Статусы').closest('.ant-select')!);
    const option = (await screen.findAllByTitle('Отменен')).find((el) =>
      el.classList.contains('ant-select-item-option'),
    )!;
    fireEvent.click(option);
    await waitFor(() =>
      expect(lists.at(-1)).toMatchObject({
        statuses: ['Canceled', 'StationCanceled', 'UserCanceled'],
        page: 1,
      }),
    );
    expect(searchOf(router).get('status')).toBe('cancelled');
  });

  it('steps the range with the arrows and offers all time from 2022-01-01 with no end', async () => {
    const { lists, router } = open('');
    await screen.findByText('10.06.26 10:00');
    fireEvent.click(screen.getByRole('button', { name: 'Предыдущий месяц' }));
    await waitFor(() =>
      expect(lists.at(-1)).toMatchObject({ date_start: '2026-05-01', date_end: '2026-06-01' }),
    );
    expect(searchOf(router).get('from')).toBe('2026-05-01');

    fireEvent.click(screen.getByText('Всё время'));
    // No upper bound (issue 38): a paid order booked for tomorrow is history too.
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ date_start: '2022-01-01' }));
    expect(lists.at(-1)).not.toHaveProperty('date_end');
    expect(screen.getByText('с 01.01.2022')).toBeInTheDocument();
    expect(searchOf(router).get('period')).toBe('all');
  });

  it('shows a table with Дата, Автомобиль, Сумма, Статус, Действия and 25 rows a page', async () => {
    const { lists, router } = open('?size=24&page=2', (body) => ({
      orders: body.page_size === 25 ? [kia, lada] : page(24),
      total: 60,
    }));
    await screen.findAllByText('Kia Rio');
    expect(lists.at(-1)).toMatchObject({ page: 2, page_size: 24 });

    fireEvent.click(screen.getByText('Таблица'));
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Дата', 'Автомобиль', 'Сумма', 'Статус', 'Действия']);
    // The table's default size, from page 1 (asked for as the table appears).
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ page: 1, page_size: 25 }));
    expect(searchOf(router).get('view')).toBe('table');
    const row = (await screen.findByText('Lada Vesta Е789КХ54')).closest('tr')!;
    expect(row).toHaveTextContent('09.06.26 21:30');
    expect(row).toHaveTextContent('900 ₽');
    expect(row).toHaveTextContent('Отменен клиентом');
  });

  it('opens the order from a row, a card or the row’s «Открыть» button', async () => {
    const { router } = open('?view=table');
    fireEvent.click(await screen.findByText('Lada Vesta Е789КХ54'));
    expect(searchOf(router).get('orderId')).toBe('lada');
    expect(searchOf(router).get('view')).toBe('table');

    fireEvent.click(screen.getByRole('button', { name: 'Открыть заказ Kia Rio А123ВС54' }));
    expect(searchOf(router).get('orderId')).toBe('kia');

    fireEvent.click(screen.getByText('Карточки'));
    fireEvent.click((await screen.findByText('09.06.26 21:30')).closest('button')!);
    expect(searchOf(router).get('orderId')).toBe('lada');
  });

  it('pages only when there are more orders than a page, keeping the shown page until the next arrives', async () => {
    let release: (answer: HistoryAnswer) => void = () => {};
    const { lists } = open('', (body) =>
      body.page === 1
        ? { orders: page(12, 'a'), total: 30 }
        : new Promise<HistoryAnswer>((resolve) => (release = resolve)),
    );
    await screen.findByText('A0');
    const pager = document.querySelector('.ant-pagination')!;
    expect(within(pager as HTMLElement).getByTitle('3')).toBeInTheDocument();
    expect(within(pager as HTMLElement).queryByTitle('4')).toBeNull();

    fireEvent.click(within(pager as HTMLElement).getByTitle('2'));
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ page: 2, page_size: 12 }));
    // While page 2 loads, page 1 stays on screen (dimmed), not a spinner.
    expect(screen.getByText('A0')).toBeInTheDocument();
    expect(document.querySelector('.history-list--stale')).not.toBeNull();
    release({ orders: page(12, 'b'), total: 30 });
    expect(await screen.findByText('B0')).toBeInTheDocument();
    expect(screen.queryByText('A0')).toBeNull();
  });

  it('forces cards on a phone, whatever the URL says', async () => {
    setViewport(390);
    const { lists } = open('?view=table&size=50');
    await screen.findByText('10.06.26 10:00');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Таблица')).toBeNull();
    expect(lists[0]).toMatchObject({ page_size: 12 });
  });

  it('says «Заказов не найдено» with a hint, and offers to reset the filters', async () => {
    const { lists, router } = open('?q=zzz&status=Booked&view=table', { orders: [] });
    expect(await screen.findByText('Заказов не найдено')).toBeInTheDocument();
    expect(screen.getByText('Попробуйте изменить период, статусы или строку поиска.')).toBeInTheDocument();
    expect(document.querySelector('.history-totals')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(lists.at(-1)).not.toHaveProperty('search'));
    expect(lists.at(-1)).not.toHaveProperty('statuses');
    expect(searchOf(router).get('view')).toBe('table');
    expect(searchOf(router).has('q')).toBe(false);
    // The month itself was empty: no filters left to reset.
    expect(
      await screen.findByText('За этот период заказов нет. Выберите другой период.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Сбросить фильтры' })).toBeNull();
  });

  it('says the history could not load, and loads it again on «Повторить»', async () => {
    let fail = true;
    const { lists } = open('', () => (fail ? { status: 500 } : { orders: [kia] }));
    expect(
      await screen.findByText('Не удалось загрузить историю заказов. Попробуйте обновить страницу'),
    ).toBeInTheDocument();
    fail = false;
    const asked = lists.length;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('10.06.26 10:00')).toBeInTheDocument();
    expect(lists.length).toBeGreaterThan(asked);
    expect(
      screen.queryByText('Не удалось загрузить историю заказов. Попробуйте обновить страницу'),
    ).toBeNull();
  });
});
