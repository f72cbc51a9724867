import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOW, TODAY, apiError, makeSlot, serveSlots, showSlots, type Call } from '../testing/harness';

beforeEach(() => {
  // Only the clock is fixed: the retry pauses and antd's animations run on real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const today = (start: string, status?: Parameters<typeof makeSlot>[2]) => makeSlot(TODAY, start, status);
/** Today at 13:00: the morning is over, the afternoon and evening are left. */
const todaySlots = () => [
  today('09:00'),
  today('12:30', 'Blocked'),
  today('13:30'),
  today('14:00', 'Blocked'),
  today('14:30', 'Busy'),
  today('18:00'),
];
const posts = (calls: Call[]) => calls.filter((c) => c.key.startsWith('POST'));
const loads = (calls: Call[]) => calls.filter((c) => c.key.startsWith('GET /api/slots'));
const slotButton = (name: RegExp) => screen.findByRole('button', { name });

describe('SlotsPage', { timeout: 60_000 }, () => {
  it('shows 30 day cards from today on the station clock, marks the day off and keeps the day in the URL', async () => {
    const calls = serveSlots({
      days: { [TODAY]: todaySlots(), '2026-11-26': [makeSlot('2026-11-26', '10:00')] },
    });
    const { router } = showSlots();

    const strip = screen.getByRole('group', { name: 'Дни' });
    const cards = within(strip).getAllByRole('button');
    expect(cards).toHaveLength(30);
    expect(cards[0]).toHaveAccessibleName('СР 25.11 Сегодня');
    expect(cards[0]).toHaveTextContent('Сегодня');
    expect(cards[0]).toHaveAttribute('aria-pressed', 'true');
    expect(cards[4]).toHaveAccessibleName('ВС 29.11 Выходной');
    expect(cards[4]).toHaveTextContent('Выходной');
    expect(cards[29]).toHaveAccessibleName('ЧТ 24.12');
    await slotButton(/^13:30–14:00/);
    expect(loads(calls)[0]!.query).toBe(`?selected_date=${TODAY}`);

    // Arrow keys move the selection like a toolbar; the day goes into the URL and is loaded.
    cards[0]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(cards[1]).toHaveFocus();
    expect(cards[1]).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?date=2026-11-26');
    expect(await slotButton(/^10:00–10:30/)).toBeInTheDocument();
    expect(loads(calls).at(-1)!.query).toBe('?selected_date=2026-11-26');
  });

  it('opens the day of the URL after a reload, and says so on a day off', async () => {
    serveSlots({ days: {} });
    showSlots({ search: '?date=2026-11-29' });
    const card = screen.getByRole('button', { name: 'ВС 29.11 Выходной' });
    expect(card).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Выходной: станция в этот день не работает')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Заблокировать день/ })).not.toBeInTheDocument();
  });

  it('groups the day, hides past slots and empty groups, and shows each status', async () => {
    serveSlots({ days: { [TODAY]: [...todaySlots(), makeSlot(TODAY, '21:30')] } });
    showSlots();
    await slotButton(/^13:30–14:00/);

    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['День', 'Вечер']);
    expect(screen.queryByText('09:00–09:30')).not.toBeInTheDocument();
    expect(screen.queryByText('12:30–13:00')).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: '13:30–14:00 свободен. Свободно боксов: 4 из 4' }),
    ).toBeEnabled();
    expect(
      screen.getByRole('button', {
        name: '14:00–14:30 заблокирован. Свободно боксов: 0 из 4, заблокированы: 4',
      }),
    ).toBeInTheDocument();
    const busy = screen.getByRole('button', {
      name: '14:30–15:00 занят. Свободно боксов: 0 из 4, заняты заказами: 4',
    });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveTextContent('занят');
  });

  it('says nothing is left today when every slot has passed', async () => {
    serveSlots({ days: { [TODAY]: [today('09:00'), today('12:00')] } });
    showSlots();
    expect(await screen.findByText('На сегодня свободного времени больше нет')).toBeInTheDocument();
  });

  it('offers «Повторить» when the slots fail to load', async () => {
    const calls = serveSlots({
      days: { [TODAY]: todaySlots() },
      loadFailure: apiError(500, 'INTERNAL', 'Ошибка'),
    });
    showSlots();
    expect(await screen.findByText('Не удалось загрузить временные слоты')).toBeInTheDocument();
    const failedLoads = loads(calls).length;
    calls.failLoads(null);
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await slotButton(/^13:30–14:00/)).toBeInTheDocument();
    expect(loads(calls).length).toBeGreaterThan(failedLoads);
  });

  it('blocks a free slot with one call and shows its new state; a fast second click is throttled', async () => {
    const calls = serveSlots({ days: { [TODAY]: todaySlots() } });
    showSlots();
    const free = await slotButton(/^13:30–14:00 свободен/);
    const loadsBefore = loads(calls).length;
    await userEvent.click(free);

    const blocked = await slotButton(/^13:30–14:00 заблокирован/);
    // The orders prefix is refreshed, so the calendar (and this day) show the block at once.
    await waitFor(() => expect(loads(calls).length).toBeGreaterThan(loadsBefore));
    expect(posts(calls)).toEqual([
      { key: `POST /api/slots/block/s1/${today('13:30').id}`, query: '', body: { to_unblock: false } },
    ]);
    // Within a second of the first click (the clock stands still here) the same slot is refused.
    await userEvent.click(blocked);
    expect(
      await screen.findByText('Пожалуйста, подождите перед повторной отправкой запроса'),
    ).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(1);

    // After the throttle window an unblock goes out.
    vi.setSystemTime(NOW.getTime() + 1500);
    await userEvent.click(await slotButton(/^13:30–14:00 заблокирован/));
    await slotButton(/^13:30–14:00 свободен/);
    expect(posts(calls).map((c) => c.body)).toEqual([{ to_unblock: false }, { to_unblock: true }]);
  });

  it('warns on a busy slot and sends nothing', async () => {
    const calls = serveSlots({ days: { [TODAY]: todaySlots() } });
    showSlots();
    await userEvent.click(await slotButton(/^14:30–15:00 занят/));
    expect(await screen.findByText('Этот слот занят заказом')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('does not repeat a 4xx and shows the server message', async () => {
    const calls = serveSlots({
      days: { [TODAY]: todaySlots() },
      blockAnswers: [apiError(400, 'SLOT_STATE', 'Слот уже находится в запрашиваемом состоянии')],
    });
    showSlots();
    await userEvent.click(await slotButton(/^13:30–14:00 свободен/));
    expect(await screen.findByText('Слот уже находится в запрашиваемом состоянии')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(1);
  });

  it('shows the 403 text of the server', async () => {
    serveSlots({
      days: { [TODAY]: todaySlots() },
      blockAnswers: [apiError(403, 'FORBIDDEN', 'У вас недостаточно прав для этого действия')],
    });
    showSlots();
    await userEvent.click(await slotButton(/^13:30–14:00 свободен/));
    expect(await screen.findByText('У вас недостаточно прав для этого действия')).toBeInTheDocument();
  });

  it('repeats a 5xx twice, then gives the spec message', async () => {
    const failure = apiError(
      500,
      'INTERNAL',
      'Произошла неожиданная ошибка. Мы уже работаем над её устранением.',
    );
    const calls = serveSlots({ days: { [TODAY]: todaySlots() }, blockAnswers: [failure, failure, failure] });
    showSlots();
    await userEvent.click(await slotButton(/^13:30–14:00 свободен/));
    expect(await screen.findByText('Ошибка при изменении статуса слота')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(3);
  });

  it('gets through when a retry after a 5xx succeeds', async () => {
    const calls = serveSlots({
      days: { [TODAY]: todaySlots() },
      blockAnswers: [apiError(502, 'INTERNAL', 'Bad gateway')],
    });
    showSlots();
    await userEvent.click(await slotButton(/^13:30–14:00 свободен/));
    expect(await slotButton(/^13:30–14:00 заблокирован/)).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(2);
  });

  it('blocks the whole day after a confirmation, in one call', async () => {
    const calls = serveSlots({ days: { [TODAY]: todaySlots() } });
    showSlots();
    // Free 13:30 and 18:00 against one blocked 14:00 (the past 12:30 does not count): block.
    await userEvent.click(await screen.findByRole('button', { name: /Заблокировать день/ }));
    expect(posts(calls)).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Заблокировать' }));

    expect(await screen.findByText('2 слотов заблокированы')).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      { key: 'POST /api/slots/block_day/s1', query: '', body: { date: TODAY, to_unblock: false } },
    ]);
    // Now every open slot is blocked: the action turns to unblocking, without a confirmation.
    await userEvent.click(await screen.findByRole('button', { name: /Разблокировать день/ }));
    expect(await screen.findByText('3 слотов разблокированы')).toBeInTheDocument();
    expect(posts(calls).at(-1)!.body).toEqual({ date: TODAY, to_unblock: true });
  });

  it('says when the whole-day call fails', async () => {
    serveSlots({
      days: { [TODAY]: [today('13:30', 'Blocked'), today('14:00', 'Blocked'), today('15:00')] },
      blockDayAnswers: [apiError(500, 'INTERNAL', 'Ошибка')],
    });
    showSlots();
    await userEvent.click(await screen.findByRole('button', { name: /Разблокировать день/ }));
    expect(await screen.findByText('Ошибка при изменении статуса слотов')).toBeInTheDocument();
  });

  it('shows a worker the statuses only', async () => {
    const calls = serveSlots({ days: { [TODAY]: todaySlots() } });
    showSlots({ position: 'worker' });
    expect(await screen.findByText('13:30–14:00')).toBeInTheDocument();
    expect(screen.getByText(/Вам доступен просмотр/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /13:30–14:00/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /блокировать день/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('13:30–14:00'));
    expect(posts(calls)).toHaveLength(0);
  });

  it('lets role admin change slots of a station outside their networks', async () => {
    serveSlots({ days: { [TODAY]: todaySlots() } });
    showSlots({ position: null, role: 'admin' });
    expect(await slotButton(/^13:30–14:00 свободен/)).toBeEnabled();
    await waitFor(() => expect(screen.queryByText(/Вам доступен просмотр/)).not.toBeInTheDocument());
  });
});
