import { describe, expect, inject, it } from 'vitest';
import { control, isUncovered, pageErrors, signIn } from '../support/browser';
import { useBrowser } from '../support/test-browser';

describe('sign-in and the station picker', () => {
  const browser = useBrowser();

  it('a signed-out visitor of / is sent to the login page, which marks demo mode', async () => {
    const page = await browser.open();
    await page.goto('/');
    await page.waitForURL(/\/auth\/yandex/);
    await control(page, 'Войти с Яндекс ID').waitFor();
    await page.getByText(/демо/i).first().waitFor();
  });

  it('sends a signed-out visitor of a deep link to the login page before loading the app, then back to it', async () => {
    const page = await browser.open();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const calendar = `/station/${inject('leninaId')}`;
    await page.goto(`${calendar}?view=week&date=2026-01-05`);
    await page.waitForURL(/\/auth\/yandex/);
    await control(page, 'Войти с Яндекс ID').waitFor();
    // Only the entry ran: no script beyond the two pages' own (the layouts, antd, the shell, the calendar).
    const pageScripts = new Set<string>();
    for (const path of ['/', '/auth/yandex']) {
      const html = await (await page.request.get(path)).text();
      for (const [, src] of html.matchAll(/(?:src|href)="(\/[^"]+\.js)"/g)) pageScripts.add(src!);
    }
    expect(pageScripts.size).toBeGreaterThan(2);
    expect(scripts.filter((path) => !pageScripts.has(path))).toEqual([]);
    await signIn(page, 'owner');
    await page.waitForURL((url) => url.pathname === calendar && url.search === '?view=week&date=2026-01-05');
    expect(pageErrors(page)).toEqual([]);
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`the login page on a ${viewport} shows the demo mark and the sign-in button uncovered`, async () => {
      const page = await browser.open({ viewport });
      await page.goto('/auth/yandex');
      const button = control(page, 'Войти с Яндекс ID');
      await button.waitFor();
      expect(await isUncovered(page.getByText('Демо-режим', { exact: true }))).toBe(true);
      expect(await isUncovered(button)).toBe(true);
    });
  }

  it('owner signs in through the login page and the demo provider, picks «Мойка на Ленина» and gets the shell', async () => {
    const page = await browser.open();
    await page.goto('/auth/yandex');
    await control(page, 'Войти с Яндекс ID').click();
    await page.waitForURL(/\/api\/auth\/local\/authorize/);
    // The built-in provider is loud about being a demo and lists the local users with their positions.
    await page
      .getByText(/Демо-режим/)
      .first()
      .waitFor();
    await page
      .getByText(/Владелец/)
      .first()
      .waitFor();

    await page.goto('/');
    await signIn(page, 'owner');
    expect(new URL(page.url()).pathname).toBe('/');
    // The welcome greeting (once per session, S1 §1) greets by name; a click ends it early.
    const greeting = page.getByRole('status').filter({
      hasText: /(Доброе утро|Добрый день|Добрый вечер|Доброй ночи), Алексей!/,
    });
    await greeting.waitFor();
    await greeting.click();
    await greeting.waitFor({ state: 'hidden' });

    // The picker lists both stations of «Демо-сеть» and nothing of «Соседняя сеть».
    await control(page, /Мойка на Садовой/).waitFor();
    expect(await page.getByText('Мойка у моста').count()).toBe(0);
    await control(page, /Мойка на Ленина/).click();

    await page.waitForURL(/\/station\/[^/]+$/);
    // The shell: a navigation landmark, and the chosen station named on the page.
    await page.getByRole('navigation').first().waitFor();
    await page.getByText('Мойка на Ленина').first().waitFor();
    expect(pageErrors(page)).toEqual([]);
  });
});
