import { describe, expect, it } from 'vitest';
import { signInFast } from '../support/browser';
import { baseUrl, useBrowser } from '../support/test-browser';

describe('route guards and the empty state', () => {
  const browser = useBrowser();

  it('`wizard` is kept on /wizard until first-time setup is done', async () => {
    const page = await browser.openAs('wizard');
    await page.waitForURL(/\/wizard$/);
    await page.goto('/');
    await page.waitForURL(/\/wizard$/);
  });

  it('a user without a network sees «Не найдены привязанные станции»; support unlocks after 10 s', async () => {
    const page = await browser.open();
    // A controllable clock, so the 10 s countdown (S1 §9) does not cost 10 s.
    await page.clock.install();
    await signInFast(page, baseUrl(), 'newcomer');
    await page.getByText('Не найдены привязанные станции').waitFor();
    const countdown = page.getByRole('button', { name: /Написать в поддержку \(\d+\)/ });
    expect(await countdown.isDisabled()).toBe(true);
    // One second at a time: each tick of the countdown is scheduled by the render of the previous one.
    for (let s = 0; s < 11; s++) await page.clock.runFor(1_000);
    await page.getByRole('link', { name: 'Написать в поддержку' }).waitFor();
  });

  it('/settings with no station chosen: «Станция не выбрана» and the picker, then /employees leads to its staff', async () => {
    const page = await browser.openAs('owner');
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Станция не выбрана' }).waitFor();
    await page.getByText('Не выбрана станция. Пожалуйста, выберите станцию.').waitFor();
    await page
      .getByRole('list', { name: 'Ваши станции' })
      .getByRole('button', { name: /Мойка на Ленина/ })
      .click();
    await page.waitForURL(/\/station\/[^/]+\/settings$/);
    // Now the station is chosen: the short address opens its page at once.
    await page.goto('/employees');
    await page.waitForURL(/\/station\/[^/]+\/settings\/admins$/);
  });

  it('a worker is sent from /employees to /; the developer pages open on the demo server', async () => {
    const page = await browser.openAs('worker');
    await page.goto('/employees');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/theme');
    await page.getByRole('heading', { name: 'Темы и акценты' }).waitFor();
    expect(await page.locator('figure.theme-sample').count()).toBe(8);
    await page.goto('/error-test');
    await page.getByText('Произошла ошибка').first().waitFor();
  });
});
