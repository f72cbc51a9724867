import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CalendarOrder, Position, Station } from '@crm/shared';
import { setSessionUser } from '../../../lib/session';
import { makeOrder, makeStation } from '../testing/fixtures';
import { FakeEventSource, searchOf, serve as serveApi, show as showPage } from '../testing/harness';

// The order modals belong to the orders feature and have their own tests; here only the URL they read.
vi.mock('../../orders', () => ({ OrderModals: () => null }));

// The browser is in New York, the station in Novosibirsk (UTC+7): 11 hours apart, so an order at 10:00
// on the station's 13 May is 23:00 on 12 May in the browser. The calendar must use the station's clock.
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});

// Wednesday 13 May 2026; the week is Monday 11 – Sunday 17 May.
const WEEK = '/station/s1?view=week&date=2026-05-13';

const o1 = makeOrder('2026-05-13T03:00:00.000Z', '2026-05-13T03:30:00.000Z', { id: 'o1' }); // 13th 10:00
const blockers = [1, 2].map((box) =>
  makeOrder('2026-05-14T05:00:00.000Z', '2026-05-14T05:30:00.000Z', {
    id: `b${box}`,
    order_type: 'BlockerBookingSlot',
    box_number: box,
  }),
); // 14th 12:00, both boxes
const o3 = makeOrder('2026-05-15T04:00:00.000Z', '2026-05-15T05:00:00.000Z', {
  id: 'o3',
  status: 'Accepted',
  source: 'Yandex',
  brand: 'Hyundai',
  model: 'Solaris',
  plate_number: 'В456ОР54',
}); // 15th 11:00–12:00
const o4 = makeOrder('2026-05-15T04:30:00.000Z', '2026-05-15T05:30:00.000Z', {
  id: 'o4',
  status: 'Processing',
  box_number: 2,
  brand: 'Lada',
  model: 'Vesta',
  plate_number: 'Е789КХ54',
}); // 15th 11:30–12:30, overlaps o3
const o5 = makeOrder('2026-05-11T07:00:00.000Z', '2026-05-11T07:30:00.000Z', {
  id: 'o5',
  status: 'Canceled',
}); // 11th 14:00
const o6 = makeOrder('2026-05-16T02:00:00.000Z', '2026-05-16T02:30:00.000Z', {
  id: 'o6',
  status: 'Completed',
  order_type: 'SelfService',
}); // 16th 09:00, a self-booking
const weekOrders = [o1, ...blockers, o3, o4, o5, o6];

let current: ReturnType<typeof serveApi> | null = null;
function serve(options: { orders?: CalendarOrder[]; position?: Position; listStatus?: number } = {}) {
  current = serveApi({ orders: weekOrders, ...options });
  return current.lists;
}
function show(path = WEEK, station: Station = makeStation()) {
  return showPage(path, { station, user: current!.user });
}
/** An event block by its spoken description (the visually hidden part of its name). */
const eventCard = async (name: RegExp) => {
  const description = await screen.findByText(
    (_, el) => !!el?.classList.contains('ev__label') && name.test(el.textContent!),
  );
  return description.closest<HTMLElement>('.ev')!;
};
const search = searchOf;

beforeEach(() => {
  localStorage.clear();
  setSessionUser('u1');
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('order calendar', () => {
  it('places orders of the week in their day column and time on the station clock, not the browser’s', async () => {
    // The test really runs in another zone than the station's.
    expect(new Date(o1.booking_start).getDate()).toBe(12);
    const lists = serve();
    show();

    const card = await eventCard(/^10:00–10:30, Kia Rio/);
    expect(card.closest('[data-date]')).toHaveAttribute('data-date', '2026-05-13');
    // The grid starts at 09:00 (the earliest opening of the week): 10:00 is one hour = 80 px down.
    expect(card.style.top).toBe('80px');
    // A 30-minute order is drawn at its natural height, 40 px.
    expect(card.style.height).toBe('40px');

    // The week Monday to Sunday, end exclusive, on the station's calendar.
    expect(lists[0]).toEqual({ station_id: 's1', date_start: '2026-05-11', date_end: '2026-05-18' });
    // Day headers with hours, and Sunday off.
    expect(screen.getByRole('button', { name: /^Ср 13.*09:00–21:00/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Вс 17.*Выходной/ })).toBeInTheDocument();
    expect(performance.getEntriesByName('calendar-orders-received').length).toBeGreaterThan(0);
    await waitFor(() => expect(performance.getEntriesByName('calendar-rendered').length).toBeGreaterThan(0));
  });

  it('opens the order on a click on its event', async () => {
    serve();
    const { router } = show();
    fireEvent.click(await eventCard(/^10:00–10:30, Kia Rio/));
    expect(search(router).get('orderId')).toBe('o1');
    expect(search(router).get('view')).toBe('week');
  });

  it('merges a blocked slot (one row per box) into one grey block that opens nothing', async () => {
    serve();
    const { router } = show();
    await eventCard(/^10:00–10:30/);
    const blocked = await eventCard(/^12:00–12:30, Слот заблокирован, Боксы 1, 2$/);
    expect(document.querySelectorAll('.ev--blocker')).toHaveLength(1);
    expect(blocked).not.toHaveAttribute('role');
    expect(blocked).toHaveClass('ev--blocker');
    expect(blocked.closest('[data-date]')).toHaveAttribute('data-date', '2026-05-14');
    fireEvent.click(blocked);
    expect(search(router).has('orderId')).toBe(false);
    expect(search(router).has('newOrder')).toBe(false);
  });

  it('opens the new-order modal at the clicked slot, rounded down to the slot length, as a UTC instant', async () => {
    serve();
    const { router } = show();
    await eventCard(/^10:00–10:30/);
    const column = document.querySelector('[data-date="2026-05-13"]')!;
    // 170 px below 09:00 is 11:07:30 → the 30-minute slot 11:00 Novosibirsk = 04:00 UTC.
    fireEvent.click(column, { clientY: 170 });
    expect(search(router).get('newOrder')).toBe('2026-05-13T04:00:00.000Z');
  });

  it('does not start a new order on a day off or outside working hours', async () => {
    serve();
    const { router } = show();
    await eventCard(/^10:00–10:30/);
    fireEvent.click(document.querySelector('[data-date="2026-05-17"]')!, { clientY: 170 });
    expect(search(router).has('newOrder')).toBe(false);
  });

  it('lists overlapping orders in «Пересекающиеся записи» in week view, and opens the chosen one', async () => {
    serve();
    const { router } = show();
    const first = await eventCard(/^11:00–12:00, Hyundai Solaris/);
    const second = await eventCard(/^11:30–12:30, Lada Vesta/);
    // Side by side: two columns of one group.
    // (--ev-inset keeps the hour-load bar of the week column clear.)
    expect(first.style.width).toBe('calc((100% - var(--ev-inset, 0px)) * 0.5 - 2px)');
    expect(second.style.left).toBe('calc(var(--ev-inset, 0px) + (100% - var(--ev-inset, 0px)) * 0.5 + 1px)');
    // The new (Accepted) order carries the warning marker.
    expect(first.querySelector('.ev__warn')).not.toBeNull();

    fireEvent.click(first);
    const dialog = await screen.findByRole('dialog', { name: 'Пересекающиеся записи' });
    expect(search(router).has('orderId')).toBe(false);
    expect(within(dialog).getByText('В456ОР54 · 1 500 ₽')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /Lada Vesta/ }));
    expect(search(router).get('orderId')).toBe('o4');
  });

  it('opens an overlapping order directly in day view', async () => {
    serve();
    const { router } = show('/station/s1?view=day&date=2026-05-15');
    fireEvent.click(await eventCard(/^11:30–12:30, Lada Vesta/));
    expect(search(router).get('orderId')).toBe('o4');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a week strip centred on the selected day in day view, with hours or «Выходной»', async () => {
    const lists = serve();
    const { router } = show('/station/s1?view=day&date=2026-05-13');
    const strip = await screen.findByRole('group', { name: 'Дни недели' });
    const days = within(strip).getAllByRole('button');
    expect(days.map((d) => d.getAttribute('aria-label')?.split(':')[0])).toEqual([
      'Вс, 10',
      'Пн, 11',
      'Вт, 12',
      'Ср, 13',
      'Чт, 14',
      'Пт, 15',
      'Сб, 16',
    ]);
    expect(days[0]).toHaveTextContent('Выходной');
    expect(days[3]).toHaveAttribute('aria-pressed', 'true');
    expect(days[3]).toHaveTextContent('09:00–21:00');
    await waitFor(() => expect(lists.at(-1)?.date_start).toBe('2026-05-13'));
    expect(lists.at(-1)?.date_end).toBe('2026-05-14');

    fireEvent.click(days[5]!);
    expect(search(router).get('date')).toBe('2026-05-15');
    fireEvent.click(screen.getByRole('button', { name: 'Следующий день' }));
    expect(search(router).get('date')).toBe('2026-05-16');
  });

  it('opens in day view on a phone and in week view on a desktop', async () => {
    const setViewport = (width: number) =>
      (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM.setViewport({
        width,
        height: 844,
      });
    const lists = serve();
    const desktopWidth = window.innerWidth;
    setViewport(390);
    try {
      const phone = show('/station/s1?date=2026-05-13');
      expect(await screen.findByRole('group', { name: 'Дни недели' })).toBeInTheDocument();
      await waitFor(() =>
        expect(lists.at(-1)).toMatchObject({ date_start: '2026-05-13', date_end: '2026-05-14' }),
      );
      phone.unmount();
    } finally {
      setViewport(desktopWidth);
    }
    show('/station/s1?date=2026-05-13');
    await waitFor(() =>
      expect(lists.at(-1)).toMatchObject({ date_start: '2026-05-11', date_end: '2026-05-18' }),
    );
    expect(screen.queryByRole('group', { name: 'Дни недели' })).not.toBeInTheDocument();
  });

  it('moves a week at a time with the arrows in week view', async () => {
    const lists = serve();
    const { router } = show();
    await eventCard(/^10:00–10:30/);
    fireEvent.click(screen.getByRole('button', { name: 'Следующая неделя' }));
    expect(search(router).get('date')).toBe('2026-05-20');
    await waitFor(() => expect(lists.at(-1)?.date_start).toBe('2026-05-18'));
  });

  it('swipes to the next day on a phone', async () => {
    serve();
    const { router } = show('/station/s1?view=day&date=2026-05-13');
    const strip = await screen.findByRole('group', { name: 'Дни недели' });
    fireEvent.touchStart(strip, { touches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchEnd(strip, { changedTouches: [{ clientX: 150, clientY: 110 }] });
    expect(search(router).get('date')).toBe('2026-05-14');
  });

  it('offers «Новая запись», which opens the new-order modal on the day being looked at, not today', async () => {
    serve();
    const { router } = show();
    fireEvent.click(await screen.findByRole('button', { name: /Новая запись/ }));
    // Wednesday 13 May (not today), at its opening: 09:00 in Novosibirsk (lib/new-order-start.test.ts),
    // once the day's orders are known.
    await waitFor(() => expect(search(router).get('newOrder')).toBe('2026-05-13T02:00:00.000Z'));
  });

  it('in day view, «Новая запись» starts at the day’s first free slot, even when clicked before its orders arrive', async () => {
    // Both boxes blocked at the opening (09:00–09:30) of Wednesday 13 May.
    const opening = [1, 2].map((box) =>
      makeOrder('2026-05-13T02:00:00.000Z', '2026-05-13T02:30:00.000Z', {
        id: `open${box}`,
        order_type: 'BlockerBookingSlot',
        box_number: box,
      }),
    );
    serve({ orders: opening });
    const { router } = show('/station/s1?view=day&date=2026-05-13');
    fireEvent.click(await screen.findByRole('button', { name: /Новая запись/ }));
    await waitFor(() => expect(search(router).get('newOrder')).toBe('2026-05-13T02:30:00.000Z'));
  });

  it('lets a worker look but not create: no «Новая запись», empty time does nothing', async () => {
    serve({ position: 'worker' });
    const { router } = show();
    await eventCard(/^10:00–10:30/);
    expect(screen.queryByRole('button', { name: /Новая запись/ })).not.toBeInTheDocument();
    fireEvent.click(document.querySelector('[data-date="2026-05-13"]')!, { clientY: 170 });
    expect(search(router).has('newOrder')).toBe(false);
  });

  it('says the orders failed to load', async () => {
    serve({ listStatus: 403 });
    show();
    expect(
      (await screen.findAllByText('Ошибка загрузки заказов. Попробуйте обновить страницу.')).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });

  it('says «Загрузка заказов...» while the orders load', async () => {
    serve();
    show();
    expect(await screen.findByText('Загрузка заказов...')).toBeInTheDocument();
    await eventCard(/^10:00–10:30/);
    expect(screen.queryByText('Загрузка заказов...')).not.toBeInTheDocument();
  });

  it('warns about a missing work schedule, links to its settings and says the week has no working days', async () => {
    serve({ orders: [] });
    show(WEEK, makeStation({ worktime_by_day: {} }));
    expect(await screen.findByText('График работы не настроен')).toBeInTheDocument();
    expect(await screen.findByText('На этой неделе нет рабочих дней')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти к настройкам' })).toHaveAttribute(
      'href',
      '/station/s1/settings/schedule',
    );
  });
});

// A week without today: the grid scrolls to its first order, 200 ms after it shows (S1 §2).
describe('the calendar scrolls itself to the day’s work once', () => {
  /** The calendar, with every scrollTo recorded from the start (happy-dom does not lay out). */
  function showRecordingScrolls() {
    const scrollTo = vi.spyOn(HTMLElement.prototype, 'scrollTo').mockImplementation(() => {});
    serve();
    show();
    return scrollTo;
  }
  afterEach(() => vi.restoreAllMocks());

  it('to the first order when nobody has touched the grid yet', async () => {
    const scrollTo = showRecordingScrolls();
    await waitFor(() => expect(scrollTo).toHaveBeenCalledTimes(1));
  });

  it('not when the person pressed, wheeled or scrolled it first: a tap must land where it was aimed', async () => {
    const scrollTo = showRecordingScrolls();
    // Within the grid's first 200 ms, before it scrolls itself.
    fireEvent.pointerDown(await waitFor(() => document.querySelector<HTMLElement>('.tg__scroll')!));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
