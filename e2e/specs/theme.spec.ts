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

/**
 * How many `<style>` tags with component rules antd wrote at run time. Component rules are scoped
 * `:where(.css-…)`; the theme's values (`.css-var-…{--ant-…}`) are not.
 */
function componentRulesWritten(page: Page) {
  return page.evaluate(
    () =>
      Array.from(document.querySelectorAll('style')).filter((s) => s.textContent?.includes(':where(.css-'))
        .length,
  );
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

  it('has the chosen theme on the page before its scripts load: the page’s own script and the worker it starts, allowed by its policy', async () => {
    const page = await browser.openAs('owner');
    await page.waitForURL((url) => url.pathname === '/');
    await page.evaluate(() => {
      localStorage.setItem('crm.theme', 'dark');
      localStorage.setItem('crm.accent', 'rose');
    });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    // None of the app's code arrives: only what the page itself holds (theme-init.js, written in by the build).
    await page.route('**/assets/*.js', (route) => route.abort());
    // The locale data's worker (public/intl-warmup.js) is started by that script too.
    const warmup = page.waitForResponse((response) => response.url().endsWith('/intl-warmup.js'));
    await page.goto(`/station/${inject('leninaId')}`);
    await page.waitForLoadState('domcontentloaded');
    expect(await appearance(page)).toMatchObject({ theme: 'dark', accent: 'rose' });
    expect((await warmup).status()).toBe(200);
    expect(refused).toEqual([]);
  });

  it('draws antd from the built stylesheet: at run time antd writes only the theme’s values, light or dark', async () => {
    const page = await browser.openAs('owner');
    await page.goto(`/station/${inject('leninaId')}`);
    await page.getByRole('button', { name: 'Сегодня' }).first().waitFor();
    const button = page.locator('main .ant-btn:not([disabled])').first();
    const buttonLook = () =>
      button.evaluate((element) => {
        const style = getComputedStyle(element);
        return { radius: style.borderTopLeftRadius, color: style.color, cursor: style.cursor };
      });
    expect(await componentRulesWritten(page)).toBe(0);
    const light = await buttonLook();
    // The stylesheet's rule with the theme's value: antd's pointer and our 10 px radius.
    expect(light).toMatchObject({ radius: '10px', cursor: 'pointer' });

    await openAccountPanel(page);
    await page.getByText('Тёмная', { exact: true }).click();
    await expect.poll(() => appearance(page)).toMatchObject({ theme: 'dark' });
    await page.keyboard.press('Escape');
    // Buttons ease into their new colours (antd's transition): the look settles within a moment.
    await expect.poll(async () => (await buttonLook()).color).not.toBe(light.color);
    expect(await componentRulesWritten(page)).toBe(0);
  });

  it('a phone’s first screens are all in the built stylesheet; a form it does not hold is styled at run time', async () => {
    const page = await browser.openAs('owner', { viewport: 'phone' });
    const leninaId = inject('leninaId');
    // Each load starts a new page: what antd wrote counts for that screen alone.
    for (const [path, ready] of [
      ['/', page.getByText('Мойка на Ленина').first()],
      [`/station/${leninaId}`, page.getByRole('button', { name: 'Сегодня' }).first()],
      [`/station/${leninaId}/dashboard`, page.getByRole('heading', { name: 'Сводка' }).first()],
    ] as const) {
      await page.goto(path);
      await ready.waitFor();
      // A moment for what renders after the first screen (the window, badges, the greeting's turn).
      await page.waitForTimeout(1000);
      expect({ path, written: await componentRulesWritten(page) }).toEqual({ path, written: 0 });
    }

    // The station's settings form (antd's Form and Input) is not in the stylesheet: antd writes its rules.
    await page.goto(`/station/${leninaId}/settings/info`);
    const name = page.getByRole('textbox', { name: 'Название' });
    await name.waitFor();
    expect(await componentRulesWritten(page)).toBeGreaterThan(0);
    // Its box (the input's wrapper when it counts characters) has the theme's 10 px radius.
    const box = await name.evaluate((element) => {
      const style = getComputedStyle(element.closest('.ant-input-affix-wrapper') ?? element);
      return { radius: style.borderTopLeftRadius, border: style.borderTopStyle };
    });
    expect(box).toEqual({ radius: '10px', border: 'solid' });
  });

  it('draws icons from antd’s rules alone: aligned, a loading icon spins, no second copy written', async () => {
    const page = await browser.openAs('owner', { viewport: 'phone' });
    await page.goto(`/station/${inject('leninaId')}`);
    await page.getByRole('button', { name: 'Сегодня' }).first().waitFor();
    const icons = await page.evaluate(() => {
      // Probes in a block of their own (an icon inside a flex row is a flex item, `flex` by its parent).
      document.body.insertAdjacentHTML(
        'beforeend',
        '<div><span class="anticon" id="icon-probe"></span><span class="anticon anticon-spin" id="spin-probe"></span></div>',
      );
      const icon = getComputedStyle(document.getElementById('icon-probe')!);
      const spin = getComputedStyle(document.getElementById('spin-probe')!);
      return {
        display: icon.display,
        shown: document.querySelectorAll('main .anticon svg').length > 0,
        spins: spin.animationName !== 'none' && spin.animationIterationCount === 'infinite',
        // @ant-design/icons marks the stylesheet it would write itself with its key.
        ownCopies: Array.from(document.querySelectorAll('style')).filter((style) =>
          Array.from(style.attributes).some((attribute) => attribute.value === '@ant-design-icons'),
        ).length,
      };
    });
    expect(icons).toEqual({ display: 'inline-flex', shown: true, spins: true, ownCopies: 0 });
  });
});
