import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignIn, skipFirstVisit, stationsOf } from '../support/api';
import { control } from '../support/browser';
import { baseUrl, useBrowser } from '../support/test-browser';

/** Every order call the page makes about `stationId` (in its path or its body). */
function orderCallsFor(page: Page, stationId: string): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.includes('/api/order')) return;
    if (url.includes(stationId) || (request.postData() ?? '').includes(stationId)) calls.push(url);
  });
  return calls;
}

describe('station guard', () => {
  const browser = useBrowser();
  const leninaId = inject('leninaId');

  it('rival opening a «Демо-сеть» station URL sees «Нет доступа к станции» and nothing of the station', async () => {
    const page = await browser.openAs('rival');
    await page.goto(`/station/${leninaId}`);
    await page.getByText('Нет доступа к станции').first().waitFor();
    expect(await page.getByText('Мойка на Ленина').count()).toBe(0);
    expect(await page.getByText('Ленинский проспект').count()).toBe(0);

    // The way out goes back to the picker, which shows rival's own station only.
    await control(page, 'К доступным станциям').click();
    await page.waitForURL((url) => url.pathname === '/');
    await control(page, /Мойка у моста/).waitFor();
  });

  it('rival gets 404 from the API for that station, as if it did not exist', async () => {
    const rival = await apiSignIn(baseUrl(), 'rival');
    const res = await rival.call(`/api/station/${leninaId}`);
    expect(res.status).toBe(404);
  });

  it('the system admin opens any station, marked «Внешняя станция»', async () => {
    const page = await browser.openAs('admin');
    await page.goto(`/station/${leninaId}`);
    await page.getByText('Внешняя станция').first().waitFor();
    await page.getByText('Мойка на Ленина').first().waitFor();
  });

  it('the administrator following another network’s station link sees «Нет доступа к станции»: no station menu, no order calls for it', async () => {
    const rival = await apiSignIn(baseUrl(), 'rival');
    const bridge = (await stationsOf(rival)).find((s) => s.name === 'Мойка у моста');
    if (!bridge) throw new Error('the demo has no «Мойка у моста»');
    await skipFirstVisit(baseUrl(), 'administrator');
    const page = await browser.openAs('administrator');
    // Coming from «Мойка на Ленина»: the shell must not keep offering it beside the refusal.
    await page.goto(`/station/${leninaId}/history`);
    await page.getByRole('heading', { name: 'История заказов' }).waitFor();
    const calls = orderCallsFor(page, bridge.id);

    await page.goto(`/station/${bridge.id}`);
    await page.getByText('Нет доступа к станции').first().waitFor();
    await control(page, 'К доступным станциям').waitFor();
    // Whatever might still be asked late (polls start within a second).
    await page.waitForTimeout(1500);
    expect(await page.getByText(/Ошибка загрузки станции/).count()).toBe(0);
    expect(await page.getByText('Внешняя станция').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Повторить' }).count()).toBe(0);
    // No station's pages in the menu: neither the refused one nor the one visited before.
    expect(await page.locator('a[href^="/station/"]').count()).toBe(0);
    expect(calls).toEqual([]);
  });

  it('the system admin following a link to a station that does not exist sees «Станция не найдена», not a load error', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const page = await browser.openAs('admin');
    const calls = orderCallsFor(page, missing);
    await page.goto(`/station/${missing}`);
    await page.getByText('Станция не найдена').first().waitFor();
    await control(page, 'К доступным станциям').waitFor();
    await page.waitForTimeout(1500);
    expect(await page.getByText(/Ошибка загрузки станции/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Повторить' }).count()).toBe(0);
    // Not offered as an external station with its menu either.
    expect(await page.getByText('Внешняя станция').count()).toBe(0);
    expect(await page.locator(`a[href^="/station/${missing}"]`).count()).toBe(0);
    expect(calls).toEqual([]);
  });
});
