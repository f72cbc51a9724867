import { describe, expect, inject, it } from 'vitest';
import { skipFirstVisit } from '../support/api';
import { signInFast } from '../support/browser';
import { bookOwnOrder, freeHour } from '../support/orders';
import { baseUrl, useBrowser } from '../support/test-browser';

/**
 * Issue 40: an order event carries the order's state, and an open calendar draws it from the event alone.
 * The requests the screen used to make for it (the order itself, the week, the strip's counts) must not
 * happen, within the second over which screens used to spread their refetches either.
 */
describe('live orders (issue 40)', () => {
  const browser = useBrowser();
  const leninaId = inject('leninaId');

  it('draws an order booked elsewhere on the open calendar with no order request', async () => {
    const admin = await skipFirstVisit(baseUrl(), 'administrator');
    const slot = await freeHour(admin, leninaId, 9);
    const page = await browser.open();
    await page
      .context()
      .addInitScript((key) => sessionStorage.setItem(key, '1'), `crm.greeted.${admin.userId}`);
    await signInFast(page, baseUrl(), 'administrator');
    const answered = (path: string) => page.waitForResponse((res) => new URL(res.url()).pathname === path);
    const weekLoaded = answered('/api/order/calendar');
    const streamOpen = answered('/api/events');
    await page.goto(`/station/${leninaId}?view=week&date=${slot.date}`);
    await weekLoaded;
    // Its headers come once the server listens and has read the station's version: a write from now on
    // arrives as an event (one before would make the screen reload its week, rightly).
    await streamOpen;

    const asked: string[] = [];
    page.on('request', (req) => asked.push(`${req.method()} ${new URL(req.url()).pathname}`));
    const order = await bookOwnOrder(admin, leninaId, slot, 'О040ОО77');
    await page.locator(`[data-event-id="${order.id}"]`).waitFor({ state: 'attached' });
    // Screens spread their refetches over up to a second after an event: what would come, comes by then.
    await page.waitForTimeout(1_500);
    const forTheOrder = asked.filter(
      (call) =>
        call.endsWith(`/api/order/${order.id}`) ||
        call.endsWith('/api/order/calendar') ||
        call.endsWith('/api/order/list/schedule'),
    );
    expect(forTheOrder).toEqual([]);
  });
});
