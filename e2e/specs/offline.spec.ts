import { describe, expect, inject, it } from 'vitest';
import { skipFirstVisit } from '../support/api';
import { pageErrors } from '../support/browser';
import { bookOwnOrder, freeHour } from '../support/orders';
import { baseUrl, useBrowser } from '../support/test-browser';

/**
 * Issue 39 «the installable app offline»: after the service worker has installed, a reload without a
 * network opens the shell from its precache with the offline banner and the calendar last seen, read-only
 * and marked with the time it was saved — no trip to the login page; a change is refused with the reason;
 * back online the calendar refreshes by itself. Chromium's offline emulation (context.setOffline).
 */
describe('the calendar offline', () => {
  const browser = useBrowser();
  const leninaId = inject('leninaId');

  it('a reload offline shows the saved calendar read-only; a change says why not; online again it refreshes', async () => {
    // A day with an order of the station's own that may move: today's demo orders can all be over late in
    // the day, or answered by the specs before this one.
    const owner = await skipFirstVisit(baseUrl(), 'owner');
    const slot = await freeHour(owner, leninaId, 1);
    await bookOwnOrder(owner, leninaId, slot, 'О039ОО77');
    const page = await browser.openAs('owner', { serviceWorkers: 'allow' });
    await page.goto(`/station/${leninaId}?view=day&date=${slot.date}`);
    const firstCard = page.locator('.ev').first();
    await firstCard.waitFor();
    const cardText = await firstCard.innerText();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Saved a moment after the calendar's answer (lib/offline-snapshot.ts).
    await page.waitForFunction(() => localStorage.getItem('crm.offlineSnapshot')?.includes('"calendar"'));

    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Нет подключения' }).waitFor();
    await page.getByText(/^Нет сети\. Показано расписание, сохранённое сегодня в \d\d:\d\d$/).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/station/${leninaId}`);
    expect(await page.locator('.ev').first().innerText()).toBe(cardText);

    // A change is refused with the reason, not queued: a move (Alt+↓, as a drag) goes back, a new order
    // does not open; an order's window says it needs the network.
    const movable = page.locator('.ev--movable').first();
    const top = await movable.evaluate((el) => el.style.top);
    await movable.focus();
    await page.keyboard.press('Alt+ArrowDown');
    const refused = page.locator('.ant-notification-notice').filter({ hasText: 'Не удалось обновить заказ' });
    await refused.getByText('Нет сети — изменения недоступны').waitFor();
    expect(await movable.evaluate((el) => el.style.top)).toBe(top);
    await page.getByRole('button', { name: 'Новая запись' }).click();
    await page
      .locator('.ant-notification-notice')
      .filter({ hasNotText: 'Не удалось' })
      .getByText('Нет сети — изменения недоступны')
      .waitFor();
    expect(new URL(page.url()).searchParams.has('newOrder')).toBe(false);
    await page.locator('.ev').first().click();
    await page.getByText('Нет сети — заказ откроется, когда связь вернётся').first().waitFor();
    expect(new URL(page.url()).searchParams.has('orderId')).toBe(false);

    const refreshed = page.waitForResponse(
      (r) => r.url().includes('/api/order/calendar') && r.status() < 400,
    );
    await page.context().setOffline(false);
    await refreshed;
    await page.getByText(/^Нет сети\. Показано расписание/).waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Подключение восстановлено' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });
});
