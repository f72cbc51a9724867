import { orderStatuses } from '@crm/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { skipFirstVisit, type ApiSession } from '../support/api';
import { pageErrors, signInFast, viewports, type ContextOptions } from '../support/browser';
import {
  addDays,
  gridSettled,
  hh,
  listOrders,
  moscowTime,
  moscowToday,
  type ApiOrder,
} from '../support/orders';
import { baseUrl, useBrowser } from '../support/test-browser';
import { windowSettled } from '../support/dialogs';

/** «Мойка на Ленина»: 08:00–22:00 every day, 30-minute slots, boxes 1–4. */
const OPENING = 8 * 60;
const CLOSING = 22 * 60;
const SLOT = 30;
const BOXES = [1, 2, 3, 4];

type ListedOrder = ApiOrder & { box_number: number };

const minutesOf = (iso: string) => {
  const [h, m] = moscowTime(iso).split(':').map(Number);
  return h! * 60 + m!;
};
const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
/** The Moscow date of an instant. */
const moscowDate = (iso: string) => new Date(Date.parse(iso) + 3 * 3600_000).toISOString().slice(0, 10);
const ddmmyyyy = (date: string) => date.split('-').reverse().join('.');

/**
 * The first slot of another day with a box free of live orders and blocked slots (DESIGN §10), worked out
 * here from the API's orders, independently of the web client's rule.
 */
function firstFreeSlot(orders: readonly ListedOrder[]): number {
  const live = orders.filter(
    (o) => !['Completed', 'Canceled', 'StationCanceled', 'UserCanceled'].includes(o.status),
  );
  for (let start = OPENING; start + SLOT <= CLOSING; start += SLOT) {
    const free = BOXES.some(
      (box) =>
        !live.some(
          (o) =>
            o.box_number === box &&
            minutesOf(o.booking_start) < start + SLOT &&
            minutesOf(o.booking_end) > start,
        ),
    );
    if (free) return start;
  }
  throw new Error('the day is fully booked');
}

/**
 * Issue 10 «Proof», browser: «Новая запись» books the day being looked at, not today (in day view its
 * first free slot), and the calendar's default filters show self-bookings; an active filter shows its
 * count on «Фильтры» and goes with one click of «Сбросить».
 */
describe('the calendar’s day at «Мойка на Ленина» (administrator)', () => {
  const browser = useBrowser();
  const leninaId = inject('leninaId');
  let admin: ApiSession;

  beforeAll(async () => {
    admin = await skipFirstVisit(baseUrl(), 'administrator');
  });

  async function openAsAdministrator(path: string, options: ContextOptions = {}): Promise<Page> {
    const page = await browser.open(options);
    await page
      .context()
      .addInitScript((key) => sessionStorage.setItem(key, '1'), `crm.greeted.${admin.userId}`);
    await signInFast(page, baseUrl(), 'administrator');
    await page.goto(path);
    return page;
  }

  async function openNewOrder(page: Page) {
    await page.getByRole('button', { name: 'Новая запись' }).last().click();
    const form = page.getByRole('dialog', { name: 'Новая запись' });
    await form.waitFor();
    const start = form.getByRole('textbox', { name: 'Время начала' });
    await expect.poll(() => start.inputValue()).not.toBe('');
    return {
      date: await form.getByRole('textbox', { name: 'Дата' }).inputValue(),
      start: await start.inputValue(),
      close: () => form.getByRole('button', { name: 'Отмена' }).click(),
    };
  }

  it('«Новая запись» starts on the day being looked at: its first slot in week view, its first free one in day view', async () => {
    // The day after tomorrow: the demo blocks 08:00–09:00 in every box, so the first free slot is later.
    const day = addDays(moscowToday(), 2);
    const orders = (await listOrders(admin, leninaId, day)) as ListedOrder[];
    const expected = firstFreeSlot(orders);
    expect(expected).toBeGreaterThan(OPENING);

    const page = await openAsAdministrator(`/station/${leninaId}?view=week&date=${day}`);
    const week = await openNewOrder(page);
    expect(week).toMatchObject({ date: ddmmyyyy(day), start: hh(OPENING / 60) });
    expect(new URL(page.url()).searchParams.get('newOrder')).not.toBe('1');
    // «Бокс» (issue 38): any free one unless chosen; at 08:00 the demo's blocked slot takes every box.
    const newOrder = page.getByRole('dialog', { name: 'Новая запись' });
    const boxField = newOrder.locator('.ant-select').filter({ has: page.locator('#order-box') });
    expect(await boxField.textContent()).toBe('Любой свободный');
    await boxField.click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByTitle('Бокс 1 — занят: Слот заблокирован · 08:00–09:00')
      .waitFor();
    await page.keyboard.press('Escape');
    await week.close();

    await page.locator('.ant-segmented-item', { hasText: 'День' }).click();
    await page.waitForURL(/view=day/);
    const dayView = await openNewOrder(page);
    expect(dayView).toMatchObject({ date: ddmmyyyy(day), start: hhmm(expected) });
    await dayView.close();

    // Away to «Заказы» and back by «Расписание» (issue 38): the same day in day view, not this week.
    await page.getByRole('link', { name: 'Заказы' }).first().click();
    await page.waitForURL(/\/history/);
    await page.getByRole('link', { name: 'Расписание' }).first().click();
    await page.waitForURL(
      (url) => url.searchParams.get('view') === 'day' && url.searchParams.get('date') === day,
    );
    await page.locator('.tg__lane-head').first().waitFor();

    // A link (or a reload) with `newOrder=1` and the day starts on that day too.
    await page.goto(`/station/${leninaId}?view=day&date=${day}&newOrder=1`);
    const form = page.getByRole('dialog', { name: 'Новая запись' });
    await form.waitFor();
    expect(await form.getByRole('textbox', { name: 'Дата' }).inputValue()).toBe(ddmmyyyy(day));
    expect(pageErrors(page)).toEqual([]);
  });

  it('shows an accepted self-booking with the default filters; a filter shows its count and resets in one click', async () => {
    // The global setup accepted the demo's incoming orders (as «Принять» does): self-bookings are Booked.
    const today = moscowToday();
    const week = (await listOrders(admin, leninaId, today, addDays(today, 7))) as ListedOrder[];
    const self = week.find((o) => o.order_type === 'SelfService' && o.status === 'Booked');
    if (!self) throw new Error('the demo has no booked self-booking this week');
    const date = moscowDate(self.booking_start);
    const card = (page: Page) =>
      page.getByRole('button', {
        name: new RegExp(
          `${moscowTime(self.booking_start)}–\\d\\d:\\d\\d, Самозапись, ${self.client_car.plate_number}`,
        ),
      });

    const page = await openAsAdministrator(`/station/${leninaId}?view=day&date=${date}`);
    await card(page).waitFor();
    const filters = page.getByRole('button', { name: /^Фильтры/ });
    expect(await filters.getAttribute('aria-label')).toBe('Фильтры');

    await filters.click();
    await windowSettled(page.locator('.cal-filter'));
    await page.locator('.cal-filter__row', { hasText: 'Самозапись' }).getByRole('checkbox').uncheck();
    await card(page).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    expect(await filters.getAttribute('aria-label')).toBe('Фильтры (активно: 1)');
    await page
      .getByText(/^Скрыто фильтром: \d+$/)
      .first()
      .waitFor();

    // Kept in this browser: a reload still hides it and still says so.
    await page.reload();
    await page.getByRole('button', { name: 'Фильтры (активно: 1)' }).waitFor();
    expect(await card(page).count()).toBe(0);

    await page.locator('.cal-filters__reset').click();
    await card(page).waitFor();
    expect(await page.getByRole('button', { name: /^Фильтры/ }).getAttribute('aria-label')).toBe('Фильтры');
    expect(pageErrors(page)).toEqual([]);
  });

  it('on a phone the filter icon carries the count and a reset icon beside it, and its window stays within 390 px', async () => {
    const today = moscowToday();
    const week = (await listOrders(admin, leninaId, today, addDays(today, 7))) as ListedOrder[];
    const self = week.find((o) => o.order_type === 'SelfService' && o.status === 'Booked');
    if (!self) throw new Error('the demo has no booked self-booking this week');
    const page = await browser.open({ viewport: 'phone' });
    // A choice saved in this browser: self-bookings off.
    await page.context().addInitScript(
      ([greeted, filters]) => {
        sessionStorage.setItem(greeted!, '1');
        if (!localStorage.getItem('crm.calendarFilters.v2'))
          localStorage.setItem('crm.calendarFilters.v2', filters!);
      },
      [
        `crm.greeted.${admin.userId}`,
        JSON.stringify({
          statuses: [
            'Accepted',
            'Booked',
            'Processing',
            'Completed',
            'Canceled',
            'StationCanceled',
            'UserCanceled',
          ],
          types: ['Booking', 'BlockerBookingSlot'],
        }),
      ],
    );
    await signInFast(page, baseUrl(), 'administrator');
    await page.goto(`/station/${leninaId}?view=day&date=${moscowDate(self.booking_start)}`);

    const filters = page.getByRole('button', { name: 'Фильтры (активно: 1)' });
    await filters.waitFor();
    expect(await filters.innerText()).toBe('');
    expect(await page.locator('.cal-filters .count-badge').innerText()).toBe('1');
    const reset = page.getByRole('button', { name: /^Сбросить фильтры\. Скрыто фильтром: \d+$/ });
    await reset.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.phone.width,
    );
    await reset.click();
    await page.getByRole('button', { name: 'Фильтры' }).waitFor();
    await page
      .getByRole('button', {
        name: new RegExp(`${moscowTime(self.booking_start)}–\\d\\d:\\d\\d, Самозапись`),
      })
      .first()
      .waitFor();

    // The filter window stays on the screen, counts and all, as a filter goes on and the reset icon
    // appears beside it: aligned to the icon's right edge it ran off the screen's right edge.
    await page.getByRole('button', { name: 'Фильтры' }).click();
    const filterWindow = page.locator('.cal-filter');
    await windowSettled(filterWindow);
    await page.locator('.cal-filter__row', { hasText: 'Самозапись' }).getByRole('checkbox').uncheck();
    await page.getByRole('button', { name: 'Фильтры (активно: 1)' }).waitFor();
    const box = (await filterWindow.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewports.phone.width);
    expect(pageErrors(page)).toEqual([]);
  });
  it('pulses an accepted order’s marker on the compositor: the page’s endless animations move only transform and opacity', async () => {
    // Issue 15: a box-shadow pulse restyled and repainted the whole page on the main thread 60 times a
    // second for as long as the calendar stayed open. The global setup answered the demo's incoming
    // orders, so the week's booked orders are shown as new (Accepted) ones here: all of them, as the week
    // view draws overlapping orders as a list, without their cards' markers. Tomorrow's week: late on a
    // Sunday the current week has no booked order left (a CI run at 19:40 Moscow time found none drawn).
    const page = await browser.open();
    await page
      .context()
      .addInitScript((key) => sessionStorage.setItem(key, '1'), `crm.greeted.${admin.userId}`);
    const [booked, accepted] = [orderStatuses.indexOf('Booked'), orderStatuses.indexOf('Accepted')];
    await page.route(
      (url) => url.pathname === '/api/order/calendar',
      async (route) => {
        const response = await route.fetch();
        if (response.status() !== 200) return route.fulfill({ response });
        const week = (await response.json()) as { rows: unknown[][] };
        week.rows = week.rows.map((row) => (row[2] === booked ? row.with(2, accepted) : row));
        return route.fulfill({ response, json: week });
      },
    );
    await signInFast(page, baseUrl(), 'administrator');
    await page.goto(`/station/${leninaId}?view=week&date=${addDays(moscowToday(), 1)}`);
    await page.locator('.ev__warn').first().waitFor({ state: 'attached' });

    const endless = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations === Infinity)
        .map((animation) => ({
          name: (animation as CSSAnimation).animationName,
          state: animation.playState,
          properties: [
            ...new Set(
              (animation.effect as KeyframeEffect).getKeyframes().flatMap((frame) => Object.keys(frame)),
            ),
          ]
            .filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key))
            .sort(),
        })),
    );
    expect(endless.find((animation) => animation.name === 'ev-pulse')).toMatchObject({ state: 'running' });
    for (const animation of endless) {
      expect(
        animation.properties.every((p) => p === 'opacity' || p === 'transform'),
        animation.name,
      ).toBe(true);
    }
    expect(pageErrors(page)).toEqual([]);
  });
  it('asks the week it shows and the new orders once each when it opens, and draws the week’s orders', async () => {
    // Issue 15: the router asks both at navigation, beside the page's modules; the page must find them
    // under its own keys, not ask again.
    const page = await browser.open();
    await page
      .context()
      .addInitScript((key) => sessionStorage.setItem(key, '1'), `crm.greeted.${admin.userId}`);
    await signInFast(page, baseUrl(), 'administrator');
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/order/')) asked.push(pathname.replace(leninaId, '{id}'));
    });
    await page.goto(`/station/${leninaId}?view=week&date=${addDays(moscowToday(), 2)}`);
    await gridSettled(page);
    await page.locator('[data-event-id]').first().waitFor();
    // A second ask would follow the page's first render at once; a poll would take 20 s.
    await page.waitForTimeout(1000);
    expect(asked.filter((p) => p === '/api/order/calendar')).toHaveLength(1);
    expect(asked.filter((p) => p === '/api/order/list/new/{id}')).toHaveLength(1);
    expect(pageErrors(page)).toEqual([]);
  });
});
