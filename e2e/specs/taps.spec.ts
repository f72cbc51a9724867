import { beforeAll, describe, expect, inject, it } from 'vitest';
import { skipFirstVisit, type ApiSession } from '../support/api';
import { pageErrors, signInFast } from '../support/browser';
import { pressInWindow } from '../support/dialogs';
import { bookOwnOrder, calendarEvent, freeHour } from '../support/orders';
import { baseUrl, useBrowser } from '../support/test-browser';
import { PAINT_BUDGET_MS, READY_BUDGET_MS } from '../../bench/support/interaction-budget';
import { calibratedRate, installTapProbe, measureTap, throttleCpu } from '../../bench/support/tap-probe';

/**
 * Issue 40 «Proof», browser: the daily taps stay within their budget on the budgets' phone (Lighthouse's
 * 4× on a host of benchmark index 2000: the CDP slowdown is calibrated on this host, as
 * bench:interactions does). One sample each on a shared CI host is noisy, so the test fails only on what
 * is clearly a regression: twice the budget — 400 ms from the press to the next paint, 2 s to a typeable
 * form. Before issue 40 the first «Новая запись» took 1.0–1.9 s to its form (its code downloaded on the
 * tap) and «Сохранить» 0.5–1 s to its next paint (the form checked field by field inside the click).
 */
describe('daily taps on a phone at 4× CPU (issue 40)', () => {
  const browser = useBrowser();
  const leninaId = inject('leninaId');
  let admin: ApiSession;

  beforeAll(async () => {
    admin = await skipFirstVisit(baseUrl(), 'administrator');
  });

  it('«Новая запись» (first of the load) and «Сохранить» of an order edit paint within twice the budget', async () => {
    const slot = await freeHour(admin, leninaId, 5);
    await bookOwnOrder(admin, leninaId, slot, 'Т040АР77');
    const page = await browser.open({ viewport: 'phone' });
    await installTapProbe(page.context());
    await page
      .context()
      .addInitScript((key) => sessionStorage.setItem(key, '1'), `crm.greeted.${admin.userId}`);
    await page.goto('/auth/yandex');
    // The host's speed, measured unthrottled; then the page loads and is tapped on the budgets' phone.
    const { rate } = await calibratedRate(page);
    await signInFast(page, baseUrl(), 'administrator');
    await page.goto(`/station/${leninaId}?view=day&date=${slot.date}`);
    const event = calendarEvent(page, slot.date, /Т040АР77/);
    await event.waitFor();
    // The calendar idle: what it fetches after its first paint has come (the windows' code among it).
    await page.waitForLoadState('networkidle');
    await throttleCpu(await page.context().newCDPSession(page), rate);

    const newOrder = await measureTap(page, page.getByRole('button', { name: 'Новая запись' }), {
      selector: '.ant-modal',
      text: 'Новая запись',
      field: true,
      button: 'Создать запись',
    });
    const form = page.getByRole('dialog', { name: 'Новая запись' });
    await pressInWindow(form, 'Отмена');
    await form.waitFor({ state: 'detached' });

    await event.tap();
    const details = page.getByRole('dialog').filter({ hasText: 'Данные записи' });
    await pressInWindow(details, 'Редактировать');
    const edit = page.getByRole('dialog', { name: 'Редактирование записи' });
    await edit.getByRole('textbox', { name: /^Комментарий/ }).fill('Проверка нажатий');
    const save = edit.getByRole('button', { name: 'Сохранить' });
    await page.waitForFunction(
      (el) => !/-appear/.test(el?.closest('.ant-modal')?.className ?? ''),
      await save.elementHandle(),
    );
    const saved = await measureTap(page, save, {
      selector: '.ant-message-notice, .ant-notification-notice',
      text: 'Заказ успешно обновлен',
    });
    await edit.waitFor({ state: 'detached' });

    const figures = `CPU ÷${rate.toFixed(2)}: «Новая запись» ${newOrder.paint} ms / ready ${newOrder.ready} ms, «Сохранить» ${saved.paint} ms`;
    expect(newOrder.paint, figures).toBeLessThanOrEqual(2 * PAINT_BUDGET_MS);
    expect(newOrder.ready!, figures).toBeLessThanOrEqual(2 * READY_BUDGET_MS);
    expect(saved.paint, figures).toBeLessThanOrEqual(2 * PAINT_BUDGET_MS);
    expect(pageErrors(page)).toEqual([]);
  });
});
