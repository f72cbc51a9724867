import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicAvailability, PublicStationCard, SlotsResponse } from '@crm/shared';
import { skipFirstVisit, stationIdByName, type ApiSession } from '../support/api';
import { seriousViolations } from '../support/axe';
import { pageErrors } from '../support/browser';
import { addDays } from '../support/orders';
import { baseUrl, useBrowser } from '../support/test-browser';

/** The demo's public code of «Мойка на Ленина» and its upcoming demo booking (modules/demo/demo-online-booking.ts). */
const CODE = 'lenina24';
const DEMO_MANAGE_TOKEN = 'DemoLenina24ManageTokenDoNotUseOutsideDemo0';

async function publicGet<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api/public${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** The station's free starts for a wash, as any driver's page asks them (the one availability function). */
async function freeStarts(date: string, tariffId: string): Promise<string[]> {
  const query = new URLSearchParams({ date, tariff_id: tariffId, car_category: 'Compact' });
  const answer = await publicGet<PublicAvailability>(`/book/${CODE}/availability?${query}`);
  return answer.start_times;
}

/** What the driver's day strip calls the day: its button is found by the day of the month. */
const dayButton = (page: Page, date: string) =>
  page
    .getByRole('group', { name: 'День' })
    .getByRole('button', { name: new RegExp(`(^|\\D)${Number(date.slice(8, 10))} `) });

/**
 * Issue 37 «Proof», browser, phone 390 px: a new driver books «Мойка на Ленина» from its link; the
 * administrator's open dashboard gets the order in «Новые заказы ждут ответа» without a reload and accepts
 * it; the driver's page then says «Вы записаны»; the driver cancels from his link and the time is free
 * again for the next driver. Then he books again as a returning driver: four taps from the link. The day
 * is three days ahead, so today's dashboard figures other specs count stay as they are, and both bookings
 * end cancelled.
 */
describe('online booking (issue 37)', () => {
  const browser = useBrowser();
  let leninaId: string;
  let card: PublicStationCard;
  let administrator: ApiSession;

  /** Boxes taken at a start in the slot manager the staff see (`GET /api/slots`). */
  const busyBoxes = async (date: string, start: string) => {
    const response = await administrator.call(`/api/slots/${leninaId}?selected_date=${date}`);
    expect(response.status).toBe(200);
    const { slots } = (await response.json()) as SlotsResponse;
    const slot = Object.values(slots)
      .flat()
      .find((s) => s.start === start);
    if (!slot) throw new Error(`no slot at ${date} ${start}`);
    return slot.busy_boxes;
  };

  beforeAll(async () => {
    administrator = await skipFirstVisit(baseUrl(), 'administrator');
    leninaId = await stationIdByName(administrator, 'Мойка на Ленина');
    card = await publicGet<PublicStationCard>(`/book/${CODE}`);
    expect(card.enabled).toBe(true);
  });

  it('a new driver books from the link, the dashboard accepts it live, the driver cancels and the time is free', async () => {
    const admin = await browser.openAs('administrator');
    const adminErrors = pageErrors(admin);
    await admin.goto(`/station/${leninaId}/dashboard`);
    await admin.locator('[data-indicator]').first().waitFor({ state: 'attached' });

    const driver = await browser.open({ viewport: 'phone' });
    const driverErrors = pageErrors(driver);
    await driver.goto(`/book/${CODE}`);
    await driver.getByRole('heading', { name: card.name }).waitFor();

    // The car from the catalogue: the model sets the category (Vesta is a compact).
    await driver.getByRole('combobox', { name: 'Марка' }).fill('Lad');
    await driver.getByRole('option', { name: 'Lada', exact: true }).click();
    await driver.getByRole('combobox', { name: 'Модель' }).fill('Vest');
    await driver.getByRole('option', { name: 'Vesta', exact: true }).click();
    const tariffName = card.tariffs.find((t) => t.prices.Compact)!.name;
    await driver.getByRole('radio', { name: new RegExp(tariffName) }).check();

    const tariffId = card.tariffs.find((t) => t.name === tariffName)!.id;
    const day = addDays(card.today, 3);
    const before = await freeStarts(day, tariffId);
    expect(before.length).toBeGreaterThan(0);
    await dayButton(driver, day).click();
    const times = driver.getByRole('group', { name: 'Время' }).getByRole('button');
    await times.first().waitFor();
    const time = (await times.first().textContent())!.trim();
    const busyBefore = await busyBoxes(day, time);
    await times.first().click();

    await driver.getByRole('textbox', { name: 'Имя' }).fill('Тимур');
    await driver.getByRole('textbox', { name: 'Телефон' }).pressSequentially('9035557711');
    await driver.getByRole('checkbox', { name: /согласен/ }).check();
    await driver.getByRole('button', { name: 'Записаться' }).click();

    await driver.waitForURL(/\/booking\/[A-Za-z0-9_-]{43}$/);
    await driver.getByRole('heading', { name: 'Ждёт подтверждения мойки' }).waitFor();
    const token = new URL(driver.url()).pathname.split('/').pop()!;
    // On the calendar at once: the slot manager counts one more box taken at that start.
    expect(await busyBoxes(day, time)).toBe(busyBefore + 1);

    // The administrator's dashboard, open all along: the blocking window brings it without a reload.
    const when = `${day.slice(8, 10)}.${day.slice(5, 7)} ${time}`;
    const modal = admin.getByRole('dialog').filter({ hasText: 'Новые заказы ждут ответа' });
    const row = modal.getByRole('listitem').filter({ hasText: 'Самозапись' }).filter({ hasText: when });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('Lada Vesta');
    await row.getByRole('button', { name: /^Принять/ }).click();
    await row.waitFor({ state: 'detached' });
    // The row leaves the window with the press; the driver's page reads the server, which may still be
    // writing the acceptance on a loaded machine (a CI run read «waiting» here, then waited for the 30 s poll).
    await expect
      .poll(async () => (await publicGet<{ state: string }>(`/bookings/${token}`)).state)
      .toBe('confirmed');

    // The driver comes back to his tab: it reads the booking again and says it is confirmed.
    // Brought to the front first: the page reads again only when it is visible, and a tab behind the
    // administrator's may be hidden (the 30 s poll would come after the wait).
    await driver.bringToFront();
    await driver.waitForFunction(() => document.visibilityState === 'visible');
    await driver.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await driver.getByRole('heading', { name: 'Вы записаны' }).waitFor();
    expect(await seriousViolations(driver)).toEqual([]);

    await driver.getByRole('button', { name: 'Отменить запись' }).click();
    await driver.getByRole('button', { name: 'Да, отменить' }).click();
    await driver.getByRole('heading', { name: 'Запись отменена' }).waitFor();
    expect(await busyBoxes(day, time)).toBe(busyBefore);
    expect(await freeStarts(day, tariffId)).toContain(before[0]);
    const view = await publicGet<{ state: string }>(`/bookings/${token}`);
    expect(view.state).toBe('cancelled');

    expect(adminErrors).toEqual([]);
    expect(driverErrors).toEqual([]);
  });

  it('a returning driver books in four taps: tariff, time, consent, «Записаться»', async () => {
    const driver = await browser.open({ viewport: 'phone' });
    // What the page keeps on the device after a first booking, made here through the page itself.
    await driver.goto(`/book/${CODE}`);
    await driver.getByRole('button', { name: 'Компакт' }).click();
    const tariff = card.tariffs.find((t) => t.prices.Compact)!;
    await driver.getByRole('radio', { name: new RegExp(tariff.name) }).check();
    const day = addDays(card.today, 4);
    await dayButton(driver, day).click();
    await driver.getByRole('group', { name: 'Время' }).getByRole('button').first().click();
    await driver.getByRole('textbox', { name: 'Имя' }).fill('Ольга');
    await driver.getByRole('textbox', { name: 'Телефон' }).pressSequentially('9035557722');
    await driver.getByRole('checkbox', { name: /согласен/ }).check();
    await driver.getByRole('button', { name: 'Записаться' }).click();
    await driver.waitForURL(/\/booking\//);
    const first = new URL(driver.url()).pathname.split('/').pop()!;

    // Back at the link: car and contact are remembered, the first day with free times is chosen.
    let taps = 0;
    const tap = async (action: () => Promise<void>) => {
      taps += 1;
      await action();
    };
    await driver.goto(`/book/${CODE}`);
    await tap(() => driver.getByRole('radio', { name: new RegExp(tariff.name) }).check());
    const times = driver.getByRole('group', { name: 'Время' }).getByRole('button');
    await times.first().waitFor();
    await tap(() => times.first().click());
    await tap(() => driver.getByRole('checkbox', { name: /согласен/ }).check());
    await tap(() => driver.getByRole('button', { name: 'Записаться' }).click());
    await driver.waitForURL((url) => url.pathname.startsWith('/booking/') && !url.pathname.endsWith(first));
    await driver.getByRole('heading', { name: 'Ждёт подтверждения мойки' }).waitFor();
    expect(taps).toBe(4);
    const second = new URL(driver.url()).pathname.split('/').pop()!;

    // Both cancelled through the manage links: nothing of this spec stays on the station's calendar.
    for (const token of [first, second]) {
      const response = await fetch(`${baseUrl()}/api/public/bookings/${token}/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(200);
    }
  });

  it('the owner previews his page while it is off: the form under the preview banner, nothing to book', async () => {
    // «Мойка у моста» (the rival network's) takes no online bookings; its owner opens the preview.
    const rival = await skipFirstVisit(baseUrl(), 'rival');
    const bridgeId = await stationIdByName(rival, 'Мойка у моста');
    const owner = await browser.openAs('rival', { viewport: 'phone' });
    await owner.goto(`/station/${bridgeId}/settings/booking`);
    const [preview] = await Promise.all([
      owner.context().waitForEvent('page'),
      owner.getByRole('link', { name: /Предпросмотр/ }).click(),
    ]);
    const previewErrors = pageErrors(preview);
    await preview
      .getByRole('note')
      .filter({ hasText: 'Предпросмотр: так страницу увидят клиенты. Записаться из предпросмотра нельзя.' })
      .waitFor();
    await preview.getByRole('button', { name: /Компакт/ }).click();
    await preview.getByRole('radio').first().check();
    await preview.getByRole('group', { name: 'Время' }).getByRole('button').first().click();
    expect(await preview.getByRole('button', { name: 'Записаться' }).isDisabled()).toBe(true);
    expect(await seriousViolations(preview)).toEqual([]);
    expect(previewErrors).toEqual([]);

    // A driver at the same address gets the page that is off: the flag is nothing without the session.
    const driver = await browser.open({ viewport: 'phone' });
    await driver.goto(`${new URL(preview.url()).pathname}?preview=1`);
    await driver.getByText('Онлайн-запись временно недоступна').waitFor();
    expect(await driver.getByRole('note').count()).toBe(0);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`the booking page and a manage page are accessible, ${colorScheme}`, async () => {
      const page = await browser.open({ viewport: 'phone', colorScheme });
      await page.goto(`/book/${CODE}`);
      await page.getByRole('heading', { name: card.name }).waitFor();
      await page.getByRole('button', { name: 'Компакт' }).click();
      await page.getByRole('radio').first().check();
      await page.getByRole('group', { name: 'Время' }).getByRole('button').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`/booking/${DEMO_MANAGE_TOKEN}`);
      await page.getByRole('heading', { name: 'Вы записаны' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`/book/${CODE}/privacy`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
