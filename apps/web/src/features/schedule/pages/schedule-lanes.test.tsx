import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toCalendarRow, type CalendarOrder, type OrderMove, type Position } from '@crm/shared';
import { setSessionUser } from '../../../lib/session';
import { makeUser, mockFetch, setViewport } from '../../../test/render';
import { moveHelp } from '../components/event-card';
import { makeOrder, makeStation, wholeOrder } from '../testing/fixtures';
import { FakeEventSource, searchOf, show } from '../testing/harness';

vi.mock('../../orders', () => ({ OrderModals: () => null }));

// Wednesday 13 May 2026 in Novosibirsk (UTC+7), a station with four boxes.
const DAY = '/station/s1?view=day&date=2026-05-13';
const station = makeStation({ boxes: [1, 2, 3, 4].map((number) => ({ number, status: 'Free' })) });
const at = (hhmm: string, date = '13') => new Date(`2026-05-${date}T${hhmm}:00+07:00`).toISOString();

const own = makeOrder(at('10:00'), at('10:30'), { id: 'own', box_number: 1 });
const yandex = makeOrder(at('10:00'), at('11:00'), {
  id: 'ya',
  box_number: 2,
  source: 'Yandex',
  brand: 'Toyota',
  model: 'Camry',
});
const gone = makeOrder(at('12:00'), at('12:30'), { id: 'gone', box_number: 3, status: 'UserCanceled' });
const blocked = makeOrder(at('14:00'), at('15:00'), {
  id: 'blk',
  box_number: 4,
  order_type: 'BlockerBookingSlot',
});

interface Served {
  moves: { id: string; body: OrderMove }[];
}
/** The orders API with a server-side state: a move that is accepted changes what the list answers. */
function serve(position: Position = 'administrator', refuse?: { status: number; message: string }): Served {
  const user = makeUser({ position, networks: [{ id: 'n1', name: 'Демо-сеть', position }] });
  current = user;
  let orders: CalendarOrder[] = [own, yandex, gone, blocked];
  const moves: Served['moves'] = [];
  mockFetch((url, init) => {
    if (url.startsWith('/api/user/u1')) return { status: 200, body: { user, redirect_to: null } };
    if (url.startsWith('/api/order/calendar?'))
      return { status: 200, body: { rows: orders.map(toCalendarRow) } };
    const move = /^\/api\/own_order\/move\/(.+)$/.exec(url);
    if (move) {
      const body = JSON.parse(String(init.body)) as OrderMove;
      moves.push({ id: move[1]!, body });
      if (refuse)
        return { status: refuse.status, body: { error: { code: 'SLOT_TAKEN', message: refuse.message } } };
      orders = orders.map((o) => (o.id === move[1] ? { ...o, ...body } : o));
      return { status: 200, body: { order: wholeOrder(orders.find((o) => o.id === move[1])!) } };
    }
    return { status: 204 };
  });
  return { moves };
}
let current: ReturnType<typeof makeUser>;
const open = (path = DAY) => show(path, { station, user: current });
const lane = (box: number) => document.querySelector<HTMLElement>(`[data-box="${box}"]`)!;
const cardOf = (id: string) => document.querySelector<HTMLElement>(`[data-event-id="${id}"]`);

beforeEach(() => {
  localStorage.clear();
  setSessionUser('u1');
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('day view: one lane per box', () => {
  it('draws «Бокс 1…4» lanes with each order and blocked slot in its box, cancelled ones in a strip', async () => {
    serve();
    const { router } = open();
    await waitFor(() => expect(cardOf('own')).not.toBeNull());
    for (const box of [1, 2, 3, 4])
      expect(screen.getByText(`Бокс ${box}`, { selector: '.tg__lane-head' })).toBeInTheDocument();
    expect(lane(1)).toContainElement(cardOf('own'));
    expect(lane(2)).toContainElement(cardOf('ya'));
    expect(lane(4)).toContainElement(cardOf('blk'));
    // Side by side in two lanes, each as wide as its lane.
    expect(cardOf('own')!.style.width).toBe('calc((100% - var(--ev-inset, 0px)) * 1 - 4px)');
    // The cancelled order takes no lane.
    expect(cardOf('gone')).toBeNull();
    const strip = screen.getByRole('button', { name: /Отменено: 1/ });
    expect(strip).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(strip);
    fireEvent.click(screen.getByRole('button', { name: /12:00–12:30.*Kia Rio/ }));
    expect(searchOf(router).get('orderId')).toBe('gone');
  });

  it('books the clicked box at the clicked slot: newOrder and box in the URL', async () => {
    serve();
    const { router } = open();
    await waitFor(() => expect(cardOf('own')).not.toBeNull());
    // 170 px below 09:00 is 11:07:30 → the 30-minute slot 11:00 Novosibirsk = 04:00 UTC.
    fireEvent.click(lane(3), { clientY: 170 });
    expect(searchOf(router).get('newOrder')).toBe('2026-05-13T04:00:00.000Z');
    expect(searchOf(router).get('box')).toBe('3');
  });

  it('moves an own order with Alt+arrows: a slot later, then a box over; focus stays on it', async () => {
    const { moves } = serve();
    open();
    await waitFor(() => expect(cardOf('own')).not.toBeNull());
    expect(cardOf('own')).toHaveAttribute('aria-description', moveHelp);
    fireEvent.keyDown(cardOf('own')!, { key: 'ArrowDown', altKey: true });
    await waitFor(() => expect(moves).toHaveLength(1));
    expect(moves[0]).toEqual({
      id: 'own',
      body: { booking_start: at('10:30'), booking_end: at('11:00'), box_number: 1 },
    });
    await waitFor(() => expect(cardOf('own')!.querySelector('.ev__label')).toHaveTextContent(/^10:30–11:00/));
    fireEvent.keyDown(cardOf('own')!, { key: 'ArrowRight', altKey: true });
    await waitFor(() => expect(lane(2)).toContainElement(cardOf('own')));
    await waitFor(() => expect(moves).toHaveLength(2));
    expect(moves[1]!.body.box_number).toBe(2);
    await waitFor(() => expect(document.activeElement).toBe(cardOf('own')));
  });

  it('snaps a refused move back and shows the server’s «Время занято»', async () => {
    const { moves } = serve('administrator', { status: 409, message: 'Время занято' });
    open();
    await waitFor(() => expect(cardOf('own')).not.toBeNull());
    fireEvent.keyDown(cardOf('own')!, { key: 'ArrowRight', altKey: true });
    await waitFor(() => expect(moves).toHaveLength(1));
    expect(await screen.findByText('Время занято')).toBeInTheDocument();
    await waitFor(() => expect(lane(1)).toContainElement(cardOf('own')));
  });

  it('lets nobody move a partner order or a blocked slot, and a worker move nothing', async () => {
    serve();
    open();
    await waitFor(() => expect(cardOf('own')).not.toBeNull());
    expect(cardOf('own')).toHaveAttribute('data-movable');
    expect(cardOf('ya')).not.toHaveAttribute('data-movable');
    expect(cardOf('blk')).not.toHaveAttribute('data-movable');
    cleanup();

    const { moves } = serve('worker');
    open();
    await waitFor(() => expect(cardOf('own')).not.toBeNull());
    expect(cardOf('own')).not.toHaveAttribute('data-movable');
    fireEvent.keyDown(cardOf('own')!, { key: 'ArrowDown', altKey: true });
    expect(moves).toHaveLength(0);
  });
});

describe('day view on a phone', () => {
  it('gives a card’s car two lines before the plate and the sum, so no card draws more than it holds', async () => {
    setViewport(390);
    onTestFinished(() => setViewport());
    serve();
    open();
    await waitFor(() => expect(cardOf('ya')).not.toBeNull());
    const texts = (id: string) =>
      [...cardOf(id)!.querySelectorAll('.ev__title, .ev__line')].map((e) => e.textContent);
    // An hour holds four lines: time, the car on two, the plate; no room left for the sum.
    expect(cardOf('ya')).toHaveClass('ev--narrow');
    expect(texts('ya')).toEqual(['Toyota Camry', yandex.plate_number]);
    // Half an hour holds two: time and the car on one line, without the plate squeezed in beside it.
    expect(texts('own')).toEqual([`${own.brand} ${own.model}`]);
  });

  it('on a desktop keeps the car on one line, with the plate and the sum under it', async () => {
    serve();
    open();
    await waitFor(() => expect(cardOf('ya')).not.toBeNull());
    expect(cardOf('ya')).not.toHaveClass('ev--narrow');
    const lines = [...cardOf('ya')!.querySelectorAll('.ev__title, .ev__line')].map((e) => e.textContent);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(yandex.plate_number);
    // Half an hour: car and plate share the second line.
    expect(cardOf('own')!.querySelector('.ev__title')).toHaveTextContent(`· ${own.plate_number}`);
  });
});

describe('week on a phone', () => {
  it('is a list by day with counts, rows of time, car and status — not colour bars', async () => {
    const width = window.innerWidth;
    const happyDOM = (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM;
    happyDOM.setViewport({ width: 390, height: 844 });
    onTestFinished(() => happyDOM.setViewport({ width, height: 844 }));
    serve();
    const { router } = open('/station/s1?view=week&date=2026-05-13');
    const day = (await screen.findByRole('button', { name: /Ср, 13 мая/ })).closest('section')!;
    expect(within(day).getByText('2 записи')).toBeInTheDocument();
    const row = within(day).getByRole('button', { name: /10:00–11:00.*Toyota Camry/ });
    expect(within(row).getByText('Забронирован', { exact: false })).toBeInTheDocument();
    expect(document.querySelector('.ev')).toBeNull();
    const thursday = screen.getByRole('button', { name: /Чт, 14 мая/ }).closest('section')!;
    expect(within(thursday).getByText('Записей нет')).toBeInTheDocument();
    const sunday = screen.getByRole('button', { name: /Вс, 17 мая/ }).closest('section')!;
    expect(within(sunday).getAllByText('Выходной')).not.toHaveLength(0);
    fireEvent.click(row);
    expect(searchOf(router).get('orderId')).toBe('ya');
  });
});
