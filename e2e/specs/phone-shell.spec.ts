import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { viewports } from '../support/browser';
import { useBrowser } from '../support/test-browser';

/** antd's windows slide in and out: positions are read once they have come to rest. */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );

/** The «Ещё» sheet's head, rows and actions: whatever the owner may follow or press in it. */
const sheetControls = (sheet: Locator) => sheet.locator('a, button, [role="radio"]');

/**
 * A drag of one finger from (x, y) down by `dy`: the touch events a phone sends, dispatched in the page
 * (the DevTools protocol's touch input leaves headless Chromium without a frame until something repaints).
 */
async function swipeDown(page: Page, x: number, y: number, dy: number) {
  await page.evaluate(
    ({ x, y, dy }) => {
      const target = document.elementFromPoint(x, y)!;
      const touch = (clientY: number) => new Touch({ identifier: 1, target, clientX: x, clientY });
      const send = (type: string, touches: Touch[], changed: Touch) =>
        target.dispatchEvent(
          new TouchEvent(type, { bubbles: true, cancelable: true, touches, changedTouches: [changed] }),
        );
      send('touchstart', [touch(y)], touch(y));
      for (let step = 1; step <= 6; step++)
        send('touchmove', [touch(y + (dy * step) / 6)], touch(y + (dy * step) / 6));
      send('touchend', [], touch(y + dy));
    },
    { x, y, dy },
  );
}

describe('shell on a phone (390×844)', () => {
  const browser = useBrowser();

  it('shows the bottom bar instead of the sidebar, and «Ещё» opens the sheet', async () => {
    const page = await browser.openAs('owner', { viewport: 'phone' });
    await page.goto(`/station/${inject('leninaId')}`);

    const bar = page.getByRole('navigation', { name: 'Разделы' });
    const more = bar.getByRole('button', { name: 'Ещё' });
    await more.waitFor();
    // The bar sits at the bottom edge of the screen.
    const box = await bar.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeGreaterThan(viewports.phone.height - 4);
    expect(box!.y).toBeGreaterThan(viewports.phone.height - 120);
    // No sidebar on a phone.
    expect(await page.locator('aside:visible, .ant-layout-sider:visible').count()).toBe(0);

    await more.click();
    const sheet = page.getByRole('dialog', { name: 'Ещё' });
    await sheet.waitFor();
    for (const section of ['Основные', 'Настройки', 'Прочее', 'Действия']) {
      await sheet.getByRole('heading', { name: section }).waitFor();
    }
    await sheet.getByRole('button', { name: 'Выйти' }).waitFor();
    await sheet.getByRole('radio', { name: 'Бирюзовый' }).waitFor();

    // Closing the sheet gives the bar back, and the focus back to «Ещё».
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await more.waitFor();
    await settled(page);
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Ещё');
  });

  // Issue 38: 1 023 px tall on an 844 px screen, its head off the top and out of reach.
  for (const height of [568, 844]) {
    it(`«Ещё» fits a 390×${height} screen: its head stays, every row scrolls into reach`, async () => {
      const page = await browser.openAs('owner', { viewport: 'phone' });
      await page.setViewportSize({ width: 390, height });
      await page.goto(`/station/${inject('leninaId')}/dashboard`);
      await page.getByRole('button', { name: 'Ещё' }).click();
      const sheet = page.getByRole('dialog', { name: 'Ещё' });
      await sheet.getByRole('heading', { name: 'Действия' }).waitFor();
      await settled(page);

      const inView = async (target: Locator) => {
        const box = await target.boundingBox();
        expect(box, await target.innerText().catch(() => 'control')).not.toBeNull();
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height).toBeLessThanOrEqual(height + 0.5);
      };
      await inView(sheet);
      await inView(page.getByText('Ещё', { exact: true }).last());
      await inView(sheet.getByRole('button', { name: /Закрыть|Close/ }));
      await inView(sheet.getByText('Алексей Смирнов'));
      const controls = sheetControls(sheet);
      const count = await controls.count();
      expect(count).toBeGreaterThanOrEqual(12);
      for (let i = 0; i < count; i++) {
        await controls.nth(i).scrollIntoViewIfNeeded();
        await inView(controls.nth(i));
      }
      for (const name of ['Сводка', 'Клиенты', 'Тарифы', 'Настройки станции', 'Выйти']) {
        await sheet
          .getByRole(name === 'Выйти' ? 'button' : 'link', { name: new RegExp(name) })
          .first()
          .waitFor();
      }
      // The head did not scroll away with the rows.
      await inView(sheet.getByRole('button', { name: /Закрыть|Close/ }));
    });
  }

  it('«Ещё» closes by its button, a swipe down and Back; each leaves Back to go to the previous page', async () => {
    const page = await browser.openAs('owner', { viewport: 'phone' });
    await page.setViewportSize({ width: 390, height: 568 });
    const leninaId = inject('leninaId');
    await page.goto('/home');
    await page.getByRole('button', { name: 'Ещё' }).waitFor();
    await page.goto(`/station/${leninaId}/dashboard`);
    const more = page.getByRole('button', { name: 'Ещё' });
    const sheet = page.getByRole('dialog', { name: 'Ещё' });
    const open = async () => {
      await more.click();
      await sheet.getByRole('heading', { name: 'Основные' }).waitFor();
      await settled(page);
    };
    const onDashboard = () => expect(new URL(page.url()).pathname).toBe(`/station/${leninaId}/dashboard`);

    // Back closes it and stays on the page.
    await open();
    await page.goBack();
    await sheet.waitFor({ state: 'hidden' });
    onDashboard();

    // The button closes it.
    await open();
    await sheet.getByRole('button', { name: /Закрыть|Close/ }).click();
    await sheet.waitFor({ state: 'hidden' });
    onDashboard();

    // A swipe down from its head closes it; a short one does not.
    await open();
    const head = (await sheet.getByText('Ещё', { exact: true }).boundingBox())!;
    await swipeDown(page, 200, head.y + head.height / 2, 20);
    await page.waitForTimeout(300);
    expect(await sheet.isVisible()).toBe(true);
    await swipeDown(page, 200, head.y + head.height / 2, 300);
    await sheet.waitFor({ state: 'hidden' });
    onDashboard();

    // No entry of the sheet is left behind: Back now leaves the page.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/home');

    // A row of the sheet replaces its entry: Back from there returns to the page, sheet closed.
    await page.goForward();
    await page.waitForURL((url) => url.pathname.endsWith('/dashboard'));
    await open();
    await sheet.getByRole('link', { name: /Клиенты/ }).click();
    await page.waitForURL((url) => url.pathname === '/clients');
    await sheet.waitFor({ state: 'hidden' });
    // The focus stays with the page the row opened, not back on «Ещё» (issue 40: that focus laid out the
    // half-rendered page).
    await page.locator('.client-card').first().waitFor();
    await settled(page);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).not.toBe('Ещё');
    await page.goBack();
    await page.waitForURL((url) => url.pathname.endsWith('/dashboard'));
    expect(await sheet.isVisible()).toBe(false);
  });

  // Issue 38: an overlay came up over a window (the push prompt over the invitation dialog). The floating
  // cards (cookies, push) wait while a window is open, and come back once it is closed.
  it('the cookie banner never comes up over the open «Ещё» sheet; it waits and then shows', async () => {
    // Марина has not answered about cookies (the global setup answered for the others).
    const page = await browser.openAs('principal', { viewport: 'phone' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Ещё' }).click();
    const sheet = page.getByRole('dialog', { name: 'Ещё' });
    await sheet.getByRole('heading', { name: 'Основные' }).waitFor();
    await settled(page);
    const cookies = page.getByRole('dialog', { name: 'Мы используем cookie' });
    // Due 1 s after the CRM data; the sheet holds it back.
    await page.waitForTimeout(2500);
    expect(await cookies.isVisible()).toBe(false);
    await sheet.getByRole('button', { name: /Закрыть|Close/ }).click();
    await sheet.waitFor({ state: 'hidden' });
    await cookies.waitFor();
    await settled(page);
    // It takes its room: the bottom bar and the banner do not overlap.
    const [bar, card] = [await page.locator('.bottom-bar').boundingBox(), await cookies.boundingBox()];
    expect(card!.y + card!.height).toBeLessThanOrEqual(bar!.y);
  });
});
