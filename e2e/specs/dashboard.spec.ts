import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { skipFirstVisit, stationIdByName, type ApiSession } from '../support/api';
import { pageErrors, signInFast, viewports, type ContextOptions } from '../support/browser';
import { addDays, bookOwnOrder, freeHour, getOrder, listOrders, moscowToday } from '../support/orders';
import { seriousViolations } from '../support/axe';
import { baseUrl, useBrowser } from '../support/test-browser';

interface ListedOrder {
  id: string;
  status: string;
  source: string;
  order_type: string;
  sum: number;
  client_car: { plate_number: string };
}

const cancelled = ['Canceled', 'StationCanceled', 'UserCanceled'];

/**
 * The key indicators of a period computed from the orders themselves (`POST /api/order/list` over the
 * station-local dates, end exclusive), by the rule of the API contract: blocked slots are not orders,
 * live = not cancelled, revenue = the completed orders' sums.
 */
async function figuresOf(session: ApiSession, stationId: string, start: string, end: string) {
  const all = (await listOrders(session, stationId, start, addDays(end, 1))) as unknown as ListedOrder[];
  const orders = all.filter((o) => o.order_type !== 'BlockerBookingSlot');
  const live = orders.filter((o) => !cancelled.includes(o.status));
  const completed = orders.filter((o) => o.status === 'Completed');
  const liveSum = live.reduce((n, o) => n + o.sum, 0);
  return {
    orders: live.length,
    revenue: completed.reduce((n, o) => n + o.sum, 0),
    averageCheck: live.length ? Math.round(liveSum / live.length) : 0,
    completedPercent: orders.length ? Math.round((completed.length / orders.length) * 1000) / 10 : 0,
  };
}

/** The week (Monday to Sunday) holding `date`, and the week before. */
function weekOf(date: string) {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  const start = addDays(date, -weekday);
  return {
    start,
    end: addDays(start, 6),
    previousStart: addDays(start, -7),
    previousEnd: addDays(start, -1),
  };
}

const rub = (n: number) => `${n.toLocaleString('ru-RU')} ₽`;
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();
const trend = (before: number, now: number) => {
  const t = before === 0 ? (now > 0 ? 100 : 0) : Math.round(((now - before) / Math.abs(before)) * 100);
  return t > 0 ? `+${t} %` : t < 0 ? `−${-t} %` : '0 %';
};

/**
 * Issue 4 «Proof», browser: the owner opens the dashboard of «Мойка на Ленина» and sees this week's
 * figures as the orders in the database give them; accepts one new order and declines another with a
 * reason; the administrator of «Мойка на Садовой» is stopped by the blocking new-orders modal (S1 §1)
 * until both incoming orders are answered. Texts are the spec's (S1 §2, §8).
 */
describe('dashboard («Сводка»)', () => {
  const browser = useBrowser();
  const leninaId = inject('leninaId');
  let owner: ApiSession;
  let administrator: ApiSession;

  beforeAll(async () => {
    owner = await skipFirstVisit(baseUrl(), 'owner');
    administrator = await skipFirstVisit(baseUrl(), 'administrator');
  });

  async function openAs(session: ApiSession, login: string, path: string, options: ContextOptions = {}) {
    const page = await browser.open(options);
    await page
      .context()
      .addInitScript((key) => sessionStorage.setItem(key, '1'), `crm.greeted.${session.userId}`);
    await signInFast(page, baseUrl(), login);
    await page.goto(path);
    return page;
  }

  const indicator = (page: Page, key: string): Locator => page.locator(`.dash-kpi[data-indicator="${key}"]`);
  const valueOf = async (page: Page, key: string) =>
    plain(await indicator(page, key).locator('.dash-kpi__value').innerText());
  const notice = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

  it('shows the owner this week’s figures as the database has them, with the trend and charts', async () => {
    const page = await openAs(owner, 'owner', `/station/${leninaId}/dashboard`);
    await page.getByRole('heading', { name: 'Сводка' }).waitFor();
    await page.getByRole('tab', { name: 'Обзор' }).waitFor();
    await indicator(page, 'all_orders').locator('.dash-trend').waitFor();

    const week = weekOf(moscowToday());
    const now = await figuresOf(owner, leninaId, week.start, week.end);
    const before = await figuresOf(owner, leninaId, week.previousStart, week.previousEnd);
    expect(now.orders).toBeGreaterThan(0);

    expect(await valueOf(page, 'all_orders')).toBe(String(now.orders));
    expect(await valueOf(page, 'booking_completed_sum')).toBe(plain(rub(now.revenue)));
    expect(await valueOf(page, 'average_check')).toBe(plain(rub(now.averageCheck)));
    expect(await valueOf(page, 'completed_percent')).toBe(
      `${now.completedPercent.toLocaleString('ru-RU', { maximumFractionDigits: 1 })} %`,
    );
    // Revenue against last week: the sign and the colour (S1 §2 trend rule).
    const revenueTrend = indicator(page, 'booking_completed_sum').locator('.dash-trend');
    expect(plain(await revenueTrend.innerText())).toContain(trend(before.revenue, now.revenue));
    const tone = await revenueTrend.getAttribute('data-tone');
    expect(tone).toBe(now.revenue > before.revenue ? 'good' : now.revenue < before.revenue ? 'bad' : 'flat');

    // The charts load after the figures, each with its sentence.
    await page.locator('.recharts-surface').first().waitFor();
    const summary = page.locator('.dash-chart__summary').first();
    expect(plain(await summary.innerText())).toContain(`За период ${now.orders} заказ`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  it('accepts one new order and declines another with a reason', async () => {
    // Own orders made by staff start as new (Accepted) but are not «incoming»: no blocking modal.
    const first = await bookOwnOrder(owner, leninaId, await freeHour(owner, leninaId, 1), 'М501МР77');
    const second = await bookOwnOrder(owner, leninaId, await freeHour(owner, leninaId, 1), 'М502МР77');
    expect([first.status, second.status]).toEqual(['Accepted', 'Accepted']);

    const page = await openAs(owner, 'owner', `/station/${leninaId}/dashboard`);
    const list = page.getByRole('list', { name: 'Новые заказы' });
    await list.getByText('М501МР77').waitFor();
    await page.getByText('Обновляются каждые 2 минуты').waitFor();

    await list.getByRole('button', { name: 'Принять: М501МР77' }).click();
    await notice(page, 'Заказ успешно принят');
    await list.getByText('М501МР77').waitFor({ state: 'detached' });
    await expect.poll(async () => (await getOrder(owner, first.id)).status).toBe('Booked');

    await list.getByRole('button', { name: 'Отклонить: М502МР77' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Отклонить заказ' });
    await dialog.getByRole('radio', { name: 'Время занято' }).check();
    await dialog.getByRole('button', { name: 'Отклонить' }).click();
    await notice(page, 'Запись успешно отменена');
    await list.getByText('М502МР77').waitFor({ state: 'detached' });
    const declined = await getOrder(owner, second.id);
    expect(declined).toMatchObject({ status: 'StationCanceled', reason: 'TimeBusy' });
    // Still gone after the refresh 500 ms later: the server agrees.
    await page.waitForTimeout(800);
    expect(await page.getByText('М501МР77').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('stops the administrator at «Мойка на Садовой» until both incoming orders are answered', async () => {
    const sadovayaId = await stationIdByName(administrator, 'Мойка на Садовой');
    const res = await administrator.call(`/api/order/list/new/${sadovayaId}`);
    const waiting = ((await res.json()) as { orders_list: { order: ListedOrder }[] }).orders_list
      .map((item) => item.order)
      .filter((o) => o.source !== 'Own' || o.order_type === 'SelfService');
    expect(waiting).toHaveLength(2);
    const [yandex, own] = [
      waiting.find((o) => o.source === 'Yandex')!,
      waiting.find((o) => o.order_type === 'SelfService')!,
    ];

    const page = await openAs(administrator, 'administrator', `/station/${sadovayaId}`);
    const modal = page.getByRole('dialog').filter({ hasText: 'Новые заказы ждут ответа' });
    await modal.waitFor();
    expect(await modal.getByRole('listitem').count()).toBe(2);
    await modal.getByText('Яндекс').waitFor();
    await modal.getByText('Самозапись').waitFor();
    // The modal itself; the calendar under it has its own accessibility spec.
    expect(await seriousViolations(page, '.new-orders-modal')).toEqual([]);

    // Not role admin: Escape and a click outside leave it in place.
    await page.keyboard.press('Escape');
    await page.mouse.click(8, 8);
    await page.waitForTimeout(400);
    expect(await modal.isVisible()).toBe(true);

    await modal
      .getByRole('button', { name: /^Принять/ })
      .first()
      .click();
    await notice(page, 'Заказ успешно принят');
    await expect.poll(() => modal.getByRole('listitem').count()).toBe(1);
    await modal.getByRole('button', { name: /^Отклонить/ }).click();
    const reasons = page.getByRole('dialog').filter({ hasText: 'Отклонить заказ' });
    await reasons.getByRole('radio', { name: 'Станция не работает' }).check();
    await reasons.getByRole('button', { name: 'Отклонить' }).click();
    await modal.waitFor({ state: 'detached' });

    const answered = [await getOrder(administrator, yandex.id), await getOrder(administrator, own.id)];
    const byStatus = Object.fromEntries(answered.map((o) => [o.status, o]));
    expect(Object.keys(byStatus).sort()).toEqual(['Booked', 'StationCanceled']);
    expect(byStatus.StationCanceled!.reason).toBe('NotWorking');
    // The calendar behind it is usable again.
    await page
      .getByRole('button', { name: /Новая запись/ })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Новая запись' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it('fits a phone in the dark theme: figures, lists and «Заказы» in the bottom bar', async () => {
    const page = await openAs(owner, 'owner', `/station/${leninaId}/dashboard`, {
      viewport: 'phone',
      colorScheme: 'dark',
    });
    await indicator(page, 'all_orders').locator('.dash-kpi__value').waitFor();
    await page.getByRole('list', { name: 'Ключевые показатели' }).waitFor();
    const bar = page.getByRole('navigation', { name: 'Разделы' });
    await bar.getByRole('link', { name: /Заказы/ }).waitFor();
    await bar.getByRole('link', { name: /Запись/ }).waitFor();
    expect(await bar.getByRole('link', { name: /Настройки/ }).count()).toBe(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewports.phone.width);
    // The figures are on the first screen: no second station selector above them, and the first
    // indicator starts above the bottom bar without scrolling.
    expect(await page.getByRole('combobox', { name: 'Станция' }).count()).toBe(0);
    const firstKpi = await indicator(page, 'all_orders').boundingBox();
    const barBox = await bar.boundingBox();
    expect(firstKpi!.y + firstKpi!.height).toBeLessThan(barBox!.y);
    // The export shares the row of the period arrows.
    const exportBox = await page.getByRole('button', { name: 'Экспорт в Excel' }).boundingBox();
    const nextBox = await page.getByRole('button', { name: 'Следующая неделя' }).boundingBox();
    expect(Math.abs(exportBox!.y - nextBox!.y)).toBeLessThan(4);
    await page.locator('.recharts-surface').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  it('keeps the phone bar’s shape on the home page before a station is chosen', async () => {
    const page = await openAs(owner, 'owner', '/', { viewport: 'phone' });
    const bar = page.getByRole('navigation', { name: 'Разделы' });
    await bar.getByRole('button', { name: 'Ещё' }).waitFor();
    const labels = await bar.locator('.bottom-bar__item').allInnerTexts();
    expect(labels.map((l) => l.trim())).toEqual(['Главная', 'Расписание', 'Запись', 'Заказы', 'Ещё']);
    expect(pageErrors(page)).toEqual([]);
  });
});
