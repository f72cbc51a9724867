import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { skipFirstVisit, type ApiSession } from '../support/api';
import { pageErrors, signInFast, type ContextOptions } from '../support/browser';
import {
  addDays,
  clickEmptyTime,
  freeHour,
  getOrder,
  gridSettled,
  hh,
  moscowTime,
  moscowToday,
  pickOption,
  type ApiOrder,
} from '../support/orders';
import { baseUrl, useBrowser } from '../support/test-browser';

type BoxedOrder = ApiOrder & { box_number: number };

/**
 * Issue 10 item 3 «Proof», browser: the day view has one lane per box — a click on box 3's free cell books
 * box 3; an own order dragged to another box stays there after a reload; dragged onto a taken time it
 * snaps back with «Время занято»; Alt+arrows move it from the keyboard; on a phone the week is a list.
 */
describe('the calendar’s box lanes at «Мойка на Ленина» (administrator)', () => {
  const browser = useBrowser();
  const leninaId = inject('leninaId');
  let admin: ApiSession;
  /** Each test books its own empty hours, so the flows never share an order. */
  let nextDay = 1;

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
  const dayPath = (date: string) => `/station/${leninaId}?view=day&date=${date}`;

  /** An own 30-minute order on the given box through the API (state for a flow about moving). */
  async function book(slot: { date: string; hour: number }, box: number, plate: string): Promise<BoxedOrder> {
    const tariffs = await admin.call(`/api/own_tariffs/list/${leninaId}`);
    const { prices_list } = (await tariffs.json()) as { prices_list: { id: string; active: boolean }[] };
    const start = Date.parse(`${slot.date}T${hh(slot.hour)}:00+03:00`);
    const res = await admin.call(`/api/create_order/${leninaId}`, {
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
        basket: { tariffId: prices_list.find((t) => t.active)!.id, totalAmount: 1500 },
        box_number: box,
      },
    });
    if (!res.ok) throw new Error(`create_order: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { order: BoxedOrder }).order;
  }
  const boxOf = async (id: string) => ((await getOrder(admin, id)) as BoxedOrder).box_number;

  /** The card of an order in the lane of `box`. */
  const cardIn = (page: Page, box: number, plate: string): Locator =>
    page
      .locator(`.tg__col[data-box="${box}"] .ev`)
      .filter({ has: page.locator('.ev__label', { hasText: plate }) });

  /**
   * Drags a card by the mouse to the same height in the lane of `box`, `slots` half-hours lower;
   * `whileOver` runs with the card held over its target, before the drop.
   */
  async function drag(page: Page, card: Locator, box: number, slots = 0, whileOver?: () => Promise<void>) {
    await gridSettled(page);
    await card.scrollIntoViewIfNeeded();
    const from = (await card.boundingBox())!;
    const lane = (await page.locator(`.tg__col[data-box="${box}"]`).boundingBox())!;
    const x = from.x + from.width / 2;
    const y = from.y + Math.min(12, from.height / 2);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(lane.x + lane.width / 2, y + slots * 40, { steps: 12 });
    await whileOver?.();
    await page.mouse.up();
  }

  it('books box 3 by clicking its free cell on tomorrow’s day view', async () => {
    const slot = await freeHour(admin, leninaId, nextDay++);
    const plate = 'Р303ВХ77';
    const page = await openAsAdministrator(dayPath(slot.date));
    for (const box of [1, 2, 3, 4]) {
      await page
        .locator('.tg__lane-head')
        .filter({ hasText: `Бокс ${box}` })
        .waitFor();
    }
    await clickEmptyTime(page, slot.date, slot.hour, { box: 3 });
    await expect.poll(() => new URL(page.url()).searchParams.get('box')).toBe('3');

    const dialog = page.getByRole('dialog', { name: 'Новая запись' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Время начала' }).inputValue()).toBe(hh(slot.hour));
    await pickOption(page, dialog.getByRole('combobox', { name: 'Тариф' }), 'Комплекс');
    await dialog.getByRole('combobox', { name: 'Марка' }).fill('Kia');
    await page.locator('.ant-select-dropdown:visible').getByTitle('Kia', { exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Модель' }).fill('Rio');
    await page
      .locator('.ant-select-dropdown:visible')
      .getByTitle(/^Rio\b/)
      .first()
      .click();
    await dialog.getByLabel('Госномер').fill(plate);
    await pickOption(page, dialog.getByRole('combobox', { name: 'Способ оплаты' }), 'Оплачено картой');
    await dialog.getByRole('button', { name: 'Создать запись' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // In box 3's lane, and box 3 on the server.
    await cardIn(page, 3, plate).waitFor();
    const res = await admin.call('/api/order/list', {
      body: { station_id: leninaId, date_start: slot.date, date_end: addDays(slot.date, 1) },
    });
    const created = ((await res.json()) as { orders: BoxedOrder[] }).orders.find(
      (o) => o.client_car.plate_number === plate,
    );
    expect(created).toMatchObject({ box_number: 3, source: 'Own' });
    expect(moscowTime(created!.booking_start)).toBe(hh(slot.hour));
    expect(pageErrors(page)).toEqual([]);
  });

  it('drags an own order to another box, where it stays after a reload', async () => {
    const slot = await freeHour(admin, leninaId, nextDay++);
    const order = await book(slot, 1, 'В101РА77');
    const page = await openAsAdministrator(dayPath(slot.date));
    const card = cardIn(page, 1, 'В101РА77');
    await card.waitFor();
    await drag(page, card, 4);
    await cardIn(page, 4, 'В101РА77').waitFor();
    await expect.poll(() => boxOf(order.id)).toBe(4);
    await page.reload();
    await cardIn(page, 4, 'В101РА77').waitFor();
    expect(await cardIn(page, 1, 'В101РА77').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('marks a taken place while dragging, and snaps back with «Время занято» naming the order there', async () => {
    const slot = await freeHour(admin, leninaId, nextDay++);
    const mover = await book(slot, 1, 'Е202КХ77');
    const taken = (await book(slot, 2, 'К404МР77')) as BoxedOrder & { number: number };
    const page = await openAsAdministrator(dayPath(slot.date));
    const card = cardIn(page, 1, 'Е202КХ77');
    await card.waitFor();
    const time = `${hh(slot.hour)}–${hh(slot.hour).slice(0, 2)}:30`;
    await drag(page, card, 2, 0, async () => {
      // Over box 2 the card is red and its label says what is there (issue 38).
      await page.locator('.ev.is-dragging.is-conflict').waitFor();
      expect(await page.locator('.ev.is-conflict .ev__drag').textContent()).toBe(
        `${time} · Бокс 2 · занято: Skoda Octavia К404МР77 ${time}`,
      );
    });
    await page
      .getByText(`Время занято: № ${taken.number}, Skoda Octavia К404МР77, ${time}`, { exact: true })
      .first()
      .waitFor();
    expect(await page.locator('.ev.is-conflict').count()).toBe(0);
    await cardIn(page, 1, 'Е202КХ77').waitFor();
    expect(await boxOf(mover.id)).toBe(1);
    expect(await boxOf(taken.id)).toBe(2);
    expect(moscowTime((await getOrder(admin, mover.id)).booking_start)).toBe(hh(slot.hour));
  });

  it('moves an order from the keyboard: Alt+↓ a slot later, Alt+→ a box over', async () => {
    const slot = await freeHour(admin, leninaId, nextDay++);
    const order = await book(slot, 1, 'М505ОР77');
    const page = await openAsAdministrator(dayPath(slot.date));
    const card = cardIn(page, 1, 'М505ОР77');
    await card.waitFor();
    expect(await card.getAttribute('aria-description')).toContain('Alt');
    await card.focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect
      .poll(async () => moscowTime((await getOrder(admin, order.id)).booking_start))
      .toBe(`${hh(slot.hour).slice(0, 2)}:30`);
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(() => boxOf(order.id)).toBe(2);
    // Focus follows the card into its new lane once the calendar has the moved order.
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest('[data-box]')?.getAttribute('data-box')),
      )
      .toBe('2');
  });

  it('lists the week by day on a phone, not as colour bars', async () => {
    const page = await openAsAdministrator(`/station/${leninaId}?view=week&date=${moscowToday()}`, {
      viewport: 'phone',
    });
    const today = page.locator('.week-list__day.is-today');
    await today.waitFor();
    expect(await page.locator('.week-list__day').count()).toBe(7);
    await expect.poll(() => today.locator('.week-list__row').count()).toBeGreaterThan(0);
    expect(await today.locator('.week-list__count').textContent()).toMatch(/^\d+ запис(ь|и|ей)$/);
    expect(await page.locator('.tg .ev').count()).toBe(0);
    // A row opens its order.
    await today.locator('button.week-list__row').first().click();
    await page.waitForURL(/orderId=/);
  });
});
