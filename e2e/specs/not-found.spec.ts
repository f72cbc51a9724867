import { describe, expect, it } from 'vitest';
import { control } from '../support/browser';
import { useBrowser } from '../support/test-browser';

describe('not-found page', () => {
  const browser = useBrowser();

  it('an unknown path shows «Страница не найдена» with the way back', async () => {
    const page = await browser.open();
    await page.goto('/no-such-page/at-all');
    await page.getByText('Страница не найдена').first().waitFor();
    await control(page, 'Вернуться назад').waitFor();
    await control(page, 'На главную').waitFor();
  });

  it("signed in, an address with a station that is not the user's offers his stations", async () => {
    const page = await browser.openAs('owner');
    await page.goto('/station/00000000-0000-4000-8000-000000000000/no-such-page');
    await page.getByText('Страница не найдена').first().waitFor();
    await page.getByRole('heading', { name: 'Выберите свою станцию' }).waitFor();
    await page
      .getByRole('list', { name: 'Ваши станции' })
      .getByRole('button', { name: /Мойка на Ленина/ })
      .click();
    await page.waitForURL(/\/station\/[0-9a-f-]{36}$/);
    expect(page.url()).not.toContain('00000000-0000-4000');
  });

  it('an unknown API path is a JSON 404, not the app', async () => {
    const page = await browser.open();
    const res = await page.request.get('/api/no-such-call');
    expect(res.status()).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
