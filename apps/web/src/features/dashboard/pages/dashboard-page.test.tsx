import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addMonthsClamped } from '@crm/shared';
import { resetAnsweredOrders } from '../lib/answered-orders';
import { analyticsFor, order, rating, weeks } from '../testing/fixtures';
import {
  apiError,
  baseRoutes,
  calendarRows,
  mockApi,
  showDashboard,
  stubResizeObserver,
  userWith,
  type Routes,
} from '../testing/harness';
import { setViewport } from '../../../test/render';

function serve(routes: Routes) {
  return mockApi(routes);
}

/** happy-dom's window is 1024 px wide (a desktop); a phone test narrows it and restores it after. */

describe('DashboardPage', () => {
  beforeEach(() => {
    localStorage.clear();
    resetAnsweredOrders();
    stubResizeObserver();
  });
  afterEach(() => {
    cleanup();
    setViewport();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens on today so far against the same weekday last week, card and trend one comparison', async () => {
    const { today, sameDayLastWeek } = weeks();
    const user = userWith('owner');
    const calls = serve({
      ...baseRoutes(user),
      // Today up to now, compared with last week's same weekday up to the same time: one answer.
      'GET /api/station/analytics/s1': () =>
        analyticsFor(
          rating({
            all_orders: 5,
            all_orders_sum: 7_500,
            revenue: 6_000,
            completed_percent: 66.7,
            canceled_percent: 16.7,
            total_count: 6,
            rating: 4.5,
          }),
          [today],
          rating({
            all_orders: 4,
            all_orders_sum: 6_000,
            revenue: 5_000,
            completed_percent: 77.8,
            canceled_percent: 11.1,
            total_count: 5,
            rating: 4.5,
          }),
        ),
    });
    const { router } = showDashboard(user);

    expect(await screen.findByRole('heading', { name: 'Сводка' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Обзор' })).toHaveAttribute('aria-selected', 'true');
    const kpis = await screen.findByRole('list', { name: 'Ключевые показатели' });
    // The figures are the «Обзор» tab's content, named by it for a screen reader.
    expect(screen.getByRole('tabpanel', { name: 'Обзор' })).toContainElement(kpis);
    const card = (label: string) =>
      within(kpis)
        .getAllByRole('listitem')
        .find((li) => li.querySelector('.dash-kpi__label')?.textContent === label)!;
    const value = (label: string) =>
      card(label).querySelector('.dash-kpi__value')!.textContent!.replace(/\s/g, ' ');
    expect(card('Выручка (оплачено)').querySelector('.dash-trend')).toHaveAttribute('data-tone', 'good');

    // Each card's number is the «стало» of its tooltip, the chip the change from «было»: 5 000 → 6 000 ₽.
    expect(value('Выручка (оплачено)')).toBe('6 000 ₽');
    expect(card('Выручка (оплачено)')).toHaveTextContent('+20 %');
    expect(card('Выручка (оплачено)')).toHaveTextContent('Было 5 000 ₽, стало 6 000 ₽');
    expect(value('Заказы')).toBe('5');
    expect(card('Заказы')).toHaveTextContent('+25 %');
    expect(card('Заказы')).toHaveTextContent('Было 4, стало 5');
    // What the live orders were booked for: the sources chart's «забронировано» adds up to it.
    expect(card('Заказы')).toHaveTextContent('забронировано на 7 500 ₽');
    // Average check: 7 500 / 5 = 1 500 ₽, as 6 000 / 4.
    expect(value('Средний чек')).toBe('1 500 ₽');
    expect(card('Средний чек').querySelector('.dash-trend')).toHaveAttribute('data-tone', 'flat');
    // A rising cancellation share is bad news, shown red; a falling completion share too.
    expect(card('Отменено').querySelector('.dash-trend')).toHaveAttribute('data-tone', 'bad');
    expect(card('Отменено')).toHaveTextContent('+50 %');
    expect(card('Отменено')).toHaveTextContent('Было 11,1 %, стало 16,7 %');
    expect(value('Выполнено')).toBe('66,7 %');
    expect(card('Выполнено')).toHaveTextContent('−14 %');
    expect(value('Рейтинг станции')).toBe('4,5');

    // One call: today and last week's same weekday, both stopping at the same local time.
    const figureCalls = calls.filter((c) => /^\/api\/station\/(rating|analytics)\//.test(c.path));
    expect(figureCalls.map((c) => c.path)).toEqual(['/api/station/analytics/s1']);
    const q = figureCalls[0]!.query;
    const until = q.get('until')!;
    expect(until).toMatch(/^\d\d:\d[05]$/);
    expect([q.get('sdate'), q.get('edate'), q.get('prev_sdate'), q.get('prev_edate')]).toEqual([
      today,
      today,
      sameDayLastWeek,
      sameDayLastWeek,
    ]);
    // What is shown and compared, above the cards and in every chip.
    const compared = new RegExp(`Сегодня до ${until} против [а-я]+ \\d+ [а-я]+ до ${until}`);
    expect(document.querySelector('.dash-kpis__compared')!.textContent).toMatch(compared);
    expect(card('Выручка (оплачено)')).toHaveTextContent(compared);
    // The same words in the tooltip, reached from the keyboard.
    fireEvent.focus(card('Выручка (оплачено)').querySelector('.dash-trend')!);
    fireEvent.mouseEnter(card('Выручка (оплачено)').querySelector('.dash-trend')!);
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent(`Сегодня до ${until} против`);
    expect(tip).toHaveTextContent('Было 5 000 ₽, стало 6 000 ₽');
    // The period is «День» without a word in the address.
    expect(new URLSearchParams(router.state.location.search).get('period')).toBeNull();
    expect(screen.getByRole('button', { name: 'Следующий день' })).toBeInTheDocument();
    // The charts come with their sentences: the sources as money taken beside value booked. The sentences
    // are there before recharts is (its outline), and stay when the plots arrive: nothing found is kept.
    await waitFor(
      () => expect(screen.getByText(/Чаще всего заказы начинаются: 12:00–13:00/)).toBeInTheDocument(),
      { timeout: 15_000 },
    );
    expect(screen.getByText('Источники: оплачено и забронировано')).toBeInTheDocument();
    expect(
      screen.getByText(/Станция: 3 заказа, забронировано на 4\s500\s₽, оплачено 3\s200\s₽/),
    ).toBeInTheDocument();
  }, 30_000);

  it('gives a zero base 100 % (S1 §2) and says when there is nothing to compare with', async () => {
    const { today } = weeks();
    const user = userWith('owner');
    serve({
      ...baseRoutes(user),
      'GET /api/station/analytics/s1': () =>
        analyticsFor(rating({ all_orders: 5, total_count: 5 }), [today], rating()),
    });
    showDashboard(user);
    const kpis = await screen.findByRole('list', { name: 'Ключевые показатели' });
    const orders = within(kpis).getByText('Заказы').closest('li')!;
    expect(orders).toHaveTextContent('+100 %');
    const revenue = within(kpis).getByText('Выручка (оплачено)').closest('li')!;
    expect(revenue).toHaveTextContent('0 %');
    // No rating either day: «—», no trend.
    const score = within(kpis).getByText('Рейтинг станции').closest('li')!;
    expect(score).toHaveTextContent('—');
    expect(score).toHaveTextContent('нет данных для сравнения');
  });

  it('asks for the chosen period: «Месяц» gives the calendar month so far against last month so far', async () => {
    const user = userWith('owner');
    const calls = serve({
      ...baseRoutes(user),
      'GET /api/station/analytics/s1': () => analyticsFor(rating(), [], rating()),
    });
    const { router } = showDashboard(user);
    await screen.findByRole('list', { name: 'Ключевые показатели' });
    fireEvent.click(screen.getByText('Месяц'));
    const { today } = weeks();
    const monthStart = `${today.slice(0, 7)}-01`;
    // Like for like: the 1st to today against the 1st to the same day of last month, both up to now.
    const lastMonth = addMonthsClamped(today, -1);
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path === '/api/station/analytics/s1' &&
            c.query.get('sdate') === monthStart &&
            c.query.get('edate') === today &&
            c.query.get('prev_sdate') === `${lastMonth.slice(0, 7)}-01` &&
            c.query.get('prev_edate') === lastMonth &&
            !!c.query.get('until'),
        ),
      ).toBe(true),
    );
    expect(new URLSearchParams(router.state.location.search).get('period')).toBe('month');
  }, 15_000);

  it('shows a worker the order lists but no figures, without asking for them', async () => {
    const user = userWith('worker');
    const calls = serve({
      ...baseRoutes(user),
      'GET /api/order/calendar': () => calendarRows([order(90)]),
    });
    showDashboard(user);
    expect(
      await screen.findByText('Показатели доступны владельцу, управляющему и администратору'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Предстоящие' })).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/station/rating'))).toBe(false);
    expect(calls.some((c) => c.path.startsWith('/api/station/analytics'))).toBe(false);
    // Nothing to press that would do nothing: no period, arrows or export.
    expect(screen.queryByRole('button', { name: 'Экспорт в Excel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Следующий день' })).not.toBeInTheDocument();
    expect(screen.queryByText('Неделя')).not.toBeInTheDocument();
  });

  it('turns a 403 for the figures into the same note, not an error', async () => {
    const user = userWith('administrator');
    serve({
      ...baseRoutes(user),
      'GET /api/station/analytics/s1': () => apiError(403, 'Недостаточно прав'),
    });
    showDashboard(user);
    expect(
      await screen.findByText('Показатели доступны владельцу, управляющему и администратору'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Ошибка загрузки данных')).not.toBeInTheDocument();
  });

  it('shows skeletons while the figures load, then an error with a retry that works', async () => {
    const user = userWith('owner');
    let fail = true;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    serve({
      ...baseRoutes(user),
      // The first answer is held back to see the loading state.
      'GET /api/station/analytics/s1': async () => {
        await gate;
        return fail ? apiError(500, 'boom') : analyticsFor(rating({ all_orders: 3 }), []);
      },
    });
    showDashboard(user);
    expect(await screen.findByLabelText('Загрузка показателей')).toBeInTheDocument();
    expect(screen.getByLabelText('Загрузка графиков')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Ошибка загрузки данных')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    const kpis = await screen.findByRole('list', { name: 'Ключевые показатели' });
    expect(within(kpis).getByText('Заказы').closest('li')).toHaveTextContent('3');
  });

  it('lists upcoming and in-progress orders, at most five, «Скоро начнется» within 30 minutes', async () => {
    const user = userWith('owner');
    const soon = order(20, { client_car: { ...order(0).client_car, brand: 'Лада', model: 'Веста' } });
    const later = Array.from({ length: 5 }, (_, i) => order(120 + i * 30));
    const washing = order(-10, { status: 'Processing' });
    const cancelled = order(60, { status: 'UserCanceled' });
    const long = order(-180); // Booked, but started more than an hour ago: not upcoming.
    serve({
      ...baseRoutes(user),
      'GET /api/station/analytics/s1': () => analyticsFor(rating(), []),
      'GET /api/order/calendar': () => calendarRows([...later, soon, washing, cancelled, long]),
    });
    const { router } = showDashboard(user);
    const upcoming = await screen.findByRole('list', { name: 'Предстоящие' });
    const rows = within(upcoming).getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('Лада Веста');
    expect(rows[0]).toHaveTextContent('Скоро начнется');
    expect(rows[1]).not.toHaveTextContent('Скоро начнется');
    expect(screen.getByText('И ещё 1 — в расписании')).toBeInTheDocument();
    const inWork = screen.getByRole('list', { name: 'В работе' });
    expect(within(inWork).getAllByRole('listitem')).toHaveLength(1);
    expect(inWork).toHaveTextContent('В процессе');

    fireEvent.click(within(rows[0]!).getByRole('button', { name: /Лада Веста/ }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('orderId')).toBe(soon.id),
    );
  });

  it('says so when there is nothing upcoming or in progress', async () => {
    const user = userWith('owner');
    serve({
      ...baseRoutes(user),
      'GET /api/station/analytics/s1': () => analyticsFor(rating(), []),
    });
    showDashboard(user);
    expect(await screen.findByText('Предстоящих заказов нет')).toBeInTheDocument();
    expect(screen.getByText('Сейчас ничего не моется')).toBeInTheDocument();
    expect(screen.getByText('Новых заказов нет')).toBeInTheDocument();
    // A desktop keeps the station selector and the full «Новые заказы» card with its hint.
    expect(screen.getByRole('combobox', { name: 'Станция' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Новые заказы' })).not.toBeInTheDocument();
    expect(screen.getByText('Обновляются каждые 2 минуты')).toBeInTheDocument();
  });

  it('on a phone puts the figures first: no second station selector, new orders one line, banner last', async () => {
    setViewport(390);
    const user = userWith('owner');
    serve({
      ...baseRoutes(user),
      'GET /api/user/get_crm_data/u1': () => ({ crm_data: { hasSeenTutorial: true } }),
      'GET /api/station/analytics/s1': () => analyticsFor(rating({ all_orders: 3, total_count: 3 }), []),
    });
    showDashboard(user);
    const kpis = await screen.findByRole('list', { name: 'Ключевые показатели' });
    const banner = await screen.findByText('Уведомления о заказах в Telegram');
    // The shell's header holds the station switcher; the page does not repeat it.
    expect(screen.queryByRole('combobox', { name: 'Станция' })).not.toBeInTheDocument();
    // No new orders: one line, no card or empty list before the figures.
    const line = screen.getByRole('region', { name: 'Новые заказы' });
    expect(line).toHaveTextContent('Новых заказов нет');
    expect(screen.queryByRole('list', { name: 'Новые заказы' })).not.toBeInTheDocument();
    const follows = (a: Element, b: Element) =>
      !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(line, kpis)).toBe(true);
    // The banner comes after the order lists, with its button under the text.
    expect(follows(screen.getByText('Предстоящих заказов нет'), banner)).toBe(true);
    expect(screen.getByRole('button', { name: /Открыть бота/ }).closest('.dash-tg__body')).not.toBeNull();
    // The export is an icon button named for screen readers, in the period's controls.
    const exportButton = screen.getByRole('button', { name: 'Экспорт в Excel' });
    expect(exportButton).not.toHaveTextContent('Экспорт');
    expect(exportButton.closest('.dash-figures__controls')).not.toBeNull();
  });

  it('on a phone keeps waiting new orders first, as a full list with their buttons, and shows nothing under it before', async () => {
    setViewport(390);
    const user = userWith('owner');
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    serve({
      ...baseRoutes(user),
      'GET /api/order/list/new/s1': async () => {
        await answered;
        return {
          orders_list: [{ order: order(90, { status: 'Accepted', source: 'Yandex' }) }],
          ru_services_name: {},
          ru_tariff_name: {},
        };
      },
      'GET /api/station/analytics/s1': () => analyticsFor(rating(), []),
    });
    showDashboard(user);
    // Until the new orders answer, the figures and lists wait: nothing the list could push down (CLS).
    await screen.findByRole('tab', { name: 'Обзор' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('list', { name: 'Ключевые показатели' })).not.toBeInTheDocument();
    expect(screen.queryByText('Предстоящих заказов нет')).not.toBeInTheDocument();
    expect(screen.queryByText('Уведомления о заказах в Telegram')).not.toBeInTheDocument();
    answer();
    const list = await screen.findByRole('list', { name: 'Новые заказы' });
    const kpis = await screen.findByRole('list', { name: 'Ключевые показатели' });
    expect(!!(list.compareDocumentPosition(kpis) & Node.DOCUMENT_POSITION_FOLLOWING)).toBe(true);
    expect(within(list).getByRole('button', { name: /Принять/ })).toBeInTheDocument();
    expect(screen.queryByText('Новых заказов нет')).not.toBeInTheDocument();
  });

  it('exports the period to Excel, or warns when the period has no orders', async () => {
    const user = userWith('owner');
    let total = 0;
    serve({
      ...baseRoutes(user),
      'GET /api/station/analytics/s1': () =>
        analyticsFor(rating({ total_count: total, all_orders: total }), [weeks().today]),
    });
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:analytics';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const { queryClient } = showDashboard(user);
    const button = await screen.findByRole('button', { name: 'Экспорт в Excel' });
    fireEvent.click(button);
    expect(await screen.findByText('Нет данных для экспорта')).toBeInTheDocument();
    expect(created).toHaveLength(0);

    total = 4;
    await queryClient.invalidateQueries();
    fireEvent.click(button);
    expect(
      await screen.findByText('Отчет успешно сформирован!', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(created).toHaveLength(1);
    expect(created[0]!.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  }, 30_000);
});
