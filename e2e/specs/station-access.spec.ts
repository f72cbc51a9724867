import { describe, expect, inject, it } from 'vitest';
import { apiSignIn } from '../support/api';
import { control } from '../support/browser';
import { baseUrl, useBrowser } from '../support/test-browser';

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
});
