import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/test-browser';

/** What the page really renders: the theme and accent on <html> and the body's background. */
function appearance(page: Page) {
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    accent: document.documentElement.dataset.accent,
    background: getComputedStyle(document.body).backgroundColor,
  }));
}

/** The account panel in the sidebar foot holds «Оформление»: theme and accent. */
async function openAccountPanel(page: Page) {
  await page.getByRole('button', { name: /настройки и выход/ }).click();
  await page.getByText('Оформление').waitFor();
}

describe('theme and accent', () => {
  const browser = useBrowser();

  it('dark theme and the teal accent chosen in the shell survive a reload', async () => {
    const page = await browser.openAs('owner');
    await page.waitForURL((url) => url.pathname === '/');
    const before = await appearance(page);
    expect(before).toMatchObject({ theme: 'light', accent: 'purple' });

    await openAccountPanel(page);
    await page.getByText('Тёмная', { exact: true }).click();
    await page.getByRole('radio', { name: 'Бирюзовый' }).click();
    await expect.poll(() => appearance(page)).toMatchObject({ theme: 'dark', accent: 'teal' });

    await page.reload();
    await page.getByRole('button', { name: /настройки и выход/ }).waitFor();
    const after = await appearance(page);
    expect(after).toMatchObject({ theme: 'dark', accent: 'teal' });
    expect(after.background).not.toBe(before.background);
    // The controls show the kept choice too.
    await openAccountPanel(page);
    expect(await page.getByRole('radio', { name: 'Бирюзовый' }).getAttribute('aria-checked')).toBe('true');
  });

  it('draws antd from the built stylesheet: at run time antd writes only the theme’s values, light or dark', async () => {
    const page = await browser.openAs('owner');
    await page.goto(`/station/${inject('leninaId')}`);
    await page.getByRole('button', { name: 'Сегодня' }).first().waitFor();
    const button = page.locator('main .ant-btn:not([disabled])').first();
    // Component rules are scoped `:where(.css-…)`; the theme's values (`.css-var-…{--ant-…}`) are not.
    const componentRulesWritten = () =>
      page.evaluate(
        () =>
          Array.from(document.querySelectorAll('style')).filter((s) =>
            s.textContent?.includes(':where(.css-'),
          ).length,
      );
    const buttonLook = () =>
      button.evaluate((element) => {
        const style = getComputedStyle(element);
        return { radius: style.borderTopLeftRadius, color: style.color, cursor: style.cursor };
      });
    expect(await componentRulesWritten()).toBe(0);
    const light = await buttonLook();
    // The stylesheet's rule with the theme's value: antd's pointer and our 10 px radius.
    expect(light).toMatchObject({ radius: '10px', cursor: 'pointer' });

    await openAccountPanel(page);
    await page.getByText('Тёмная', { exact: true }).click();
    await expect.poll(() => appearance(page)).toMatchObject({ theme: 'dark' });
    await page.keyboard.press('Escape');
    // Buttons ease into their new colours (antd's transition): the look settles within a moment.
    await expect.poll(async () => (await buttonLook()).color).not.toBe(light.color);
    expect(await componentRulesWritten()).toBe(0);
  });
});
