import type { Locator, Page } from 'playwright-core';
import type { ApiSession } from './api';

/** «Мойка на Ленина» keeps Moscow time, UTC+3 all year. */
const MSK_HOURS = 3;

export interface ApiOrder {
  id: string;
  status: string;
  source: string;
  order_type: string;
  booking_start: string;
  booking_end: string;
  comment: string;
  reason: string | null;
  client_car: { brand: string; model: string; plate_number: string };
}

/** Today on the Moscow clock, YYYY-MM-DD. */
export function moscowToday(): string {
  return new Date(Date.now() + MSK_HOURS * 3600_000).toISOString().slice(0, 10);
}

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** HH:mm on the Moscow clock of an instant. */
export function moscowTime(iso: string): string {
  return new Date(Date.parse(iso) + MSK_HOURS * 3600_000).toISOString().slice(11, 16);
}

export const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

async function ok<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Orders whose booking starts on the station-local dates [from, to). */
export async function listOrders(
  session: ApiSession,
  stationId: string,
  from: string,
  to = addDays(from, 1),
) {
  const { orders } = await ok<{ orders: ApiOrder[] }>(
    await session.call('/api/order/list', {
      body: { station_id: stationId, date_start: from, date_end: to },
    }),
    'POST /api/order/list',
  );
  return orders;
}

export async function getOrder(session: ApiSession, orderId: string): Promise<ApiOrder> {
  return (await ok<{ order: ApiOrder }>(await session.call(`/api/order/${orderId}`), 'GET /api/order')).order;
}

/**
 * A day and an hour from `fromDay` days ahead on with nothing drawn in it: no order of any status
 * starts within [hour − 1 h, hour + 1 h) nor overlaps it, so a click there lands on empty grid and the
 * new 30-minute order gets a free box.
 */
export async function freeHour(session: ApiSession, stationId: string, fromDay: number) {
  for (let offset = fromDay; offset < fromDay + 14; offset++) {
    const date = addDays(moscowToday(), offset);
    const orders = await listOrders(session, stationId, addDays(date, -1), addDays(date, 2));
    for (let hour = 10; hour <= 19; hour++) {
      const from = Date.parse(`${date}T${hh(hour)}:00+03:00`) - 3600_000;
      const to = from + 2 * 3600_000;
      const busy = orders.some((o) => Date.parse(o.booking_start) < to && Date.parse(o.booking_end) > from);
      if (!busy) return { date, hour };
    }
  }
  throw new Error('no free hour in the next two weeks at this station');
}

/**
 * A box of the station with no live order from now for `minutes`: an early start moves the booking to now
 * in its own box (issue 38), so a flow that starts an order ahead of its time books it in this box.
 */
export async function boxFreeNow(session: ApiSession, stationId: string, minutes = 90): Promise<number> {
  const today = moscowToday();
  const orders = (await listOrders(
    session,
    stationId,
    addDays(today, -1),
    addDays(today, 1),
  )) as (ApiOrder & {
    box_number: number;
  })[];
  const from = Date.now() - 60_000;
  const to = Date.now() + minutes * 60_000;
  const cancelled = ['Canceled', 'StationCanceled', 'UserCanceled'];
  const inTheWay = (box: number) =>
    orders.filter(
      (o) =>
        o.box_number === box &&
        !cancelled.includes(o.status) &&
        Date.parse(o.booking_start) < to &&
        Date.parse(o.booking_end) > from,
    );
  // The demo's day fills every box in the busy hours (the morning), and the tests that need a box free now
  // failed whenever CI ran then. So a box is freed as the station would: the one with the fewest orders in
  // the way, all of them cancelled — waiting, booked or being washed; a finished one keeps its time (the
  // exclusion constraint), so a box with one is not taken.
  const open = (o: ApiOrder) => o.status !== 'Completed';
  const box = [1, 2, 3, 4]
    .filter((b) => inTheWay(b).every(open))
    .sort((a, b) => inTheWay(a).length - inTheWay(b).length)[0];
  if (box === undefined)
    throw new Error('every box of the station has a finished order now: none can be freed');
  for (const order of inTheWay(box)) {
    const res = await session.call(`/api/order_canceled/${order.id}`, { body: {} });
    if (!res.ok) throw new Error(`freeing box ${box}: order ${order.id} → ${res.status} ${await res.text()}`);
  }
  return box;
}

export async function bookOwnOrder(
  session: ApiSession,
  stationId: string,
  slot: { date: string; hour: number },
  plate: string,
  box?: number,
): Promise<ApiOrder> {
  const { prices_list } = await ok<{ prices_list: { id: string; active: boolean }[] }>(
    await session.call(`/api/own_tariffs/list/${stationId}`),
    'GET /api/own_tariffs/list',
  );
  const tariff = prices_list.find((t) => t.active);
  if (!tariff) throw new Error('the station has no active own tariff');
  const start = Date.parse(`${slot.date}T${hh(slot.hour)}:00+03:00`);
  const { order } = await ok<{ order: ApiOrder }>(
    await session.call(`/api/create_order/${stationId}`, {
      body: {
        car: {
          brand: 'Skoda',
          model: 'Octavia',
          class: 'MiddleSize',
          category: 'MiddleSize',
          plateNumber: plate,
        },
        bookingStart: new Date(start).toISOString(),
        bookingEnd: new Date(start + 30 * 60_000).toISOString(),
        paymentMethod: 'not_paid',
        basket: { tariffId: tariff.id, totalAmount: 1500 },
        ...(box === undefined ? {} : { box_number: box }),
      },
    }),
    'POST /api/create_order',
  );
  return order;
}

/** Opens an antd select or autocomplete and picks the visible option with this text. */
export async function pickOption(page: Page, combobox: Locator, option: string | RegExp) {
  await combobox.click();
  // antd keeps a zero-size listbox for screen readers; the options people click carry the label as title.
  await page
    .locator('.ant-select-dropdown:visible')
    .getByTitle(option, { exact: typeof option === 'string' })
    .first()
    .click();
}

/**
 * Clicks (or, on a touch screen, taps) the calendar's empty time at `hour`:15 of `date`. The grid is a
 * pointer target with no role: the day column is found by its date, the height by the hour on the time
 * axis. With a mouse the hover hint must show «+ HH:00» first.
 */
/** Waits until the calendar has scrolled itself to now (or decided not to), so a position read stays true. */
export async function gridSettled(page: Page) {
  await page.locator('.tg__scroll[data-scroll-settled]').first().waitFor({ state: 'attached' });
}

export async function clickEmptyTime(
  page: Page,
  date: string,
  hour: number,
  { tap = false, box }: { tap?: boolean; box?: number } = {},
) {
  // The day view has one lane per box, all of that date (DESIGN §10): the given box's, else the first.
  const column = page.locator(`.tg__col[data-date="${date}"]${box ? `[data-box="${box}"]` : ''}`).first();
  const label = page.locator('.tg__hour').filter({ hasText: new RegExp(`^${hh(hour)}$`) });
  await gridSettled(page);
  // The calendar scrolls itself (to now, 200 ms after it shows): aim again until the hover hint
  // confirms the pointer is over the right empty time.
  for (let attempt = 1; ; attempt++) {
    // Centred, so the point a quarter past the hour is inside the scrolled grid, not under its edge.
    await label.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const [colBox, labelBox] = [await column.boundingBox(), await label.boundingBox()];
    if (!colBox || !labelBox) throw new Error(`no calendar column for ${date} or no ${hh(hour)} on the axis`);
    // 80 px per hour: 20 px below the hour line is a quarter past, inside the hour's first 30-minute slot.
    const x = colBox.x + colBox.width / 2;
    const y = labelBox.y + labelBox.height / 2 + 20;
    if (tap) {
      // A tap has no hover hint to confirm the aim: tap only once the grid has stopped moving (the same
      // spot a quarter of a second later), else aim again.
      await page.waitForTimeout(250);
      const settled = await label.boundingBox();
      if (settled && Math.abs(settled.y - labelBox.y) < 1 && attempt < 10) {
        await page.touchscreen.tap(x, y);
        return;
      }
      if (attempt >= 10) throw new Error(`the calendar kept scrolling: no steady ${hh(hour)} to tap`);
      continue;
    }
    await page.mouse.move(x, y);
    const hint = column.getByText(`+ ${hh(hour)}`);
    try {
      await hint.waitFor({ timeout: attempt < 5 ? 1500 : 15_000 });
    } catch (error) {
      if (attempt < 5) continue;
      throw error;
    }
    await page.mouse.click(x, y);
    return;
  }
}

/** A calendar block of `date` by its accessible name (time, car, plate, status, source). */
export function calendarEvent(page: Page, date: string, name: RegExp): Locator {
  // The block's spoken description (time, car, plate, status, source) is its `.ev__label` part.
  return page
    .locator(`.tg__col[data-date="${date}"] .ev`)
    .filter({ has: page.locator('.ev__label', { hasText: name }) });
}
