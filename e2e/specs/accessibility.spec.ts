import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { control } from '../support/browser';
import { useBrowser } from '../support/test-browser';

describe('accessibility (axe-core: no serious or critical violations)', () => {
  const browser = useBrowser();

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`login page, ${colorScheme}`, async () => {
      const page = await browser.open({ colorScheme });
      await page.goto('/auth/yandex');
      await control(page, 'Войти с Яндекс ID').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });

    it(`station picker, ${colorScheme}`, async () => {
      const page = await browser.openAs('owner', { colorScheme });
      await control(page, /Мойка на Ленина/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });

    it(`order calendar (week) and order details, ${colorScheme}`, async () => {
      const page = await browser.openAs('administrator', { colorScheme });
      await page.goto(`/station/${inject('leninaId')}?view=week`);
      const firstOrder = page.locator('.ev[role="button"]').first();
      await firstOrder.waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // Straight to one order: in week view a click on overlapping blocks opens their list first.
      const orderId = await firstOrder.getAttribute('data-event-id');
      await page.goto(`/station/${inject('leninaId')}?view=week&orderId=${orderId}`);
      await page.getByRole('tab', { name: 'Данные записи' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  // Issue 38: screen readers read antd's icon names («check», «down») and «segmented control» between the
  // Russian labels. Icons are decoration (aria-hidden) unless given a Russian name; every Segmented has one.
  it('no English icon names or «segmented control» in the accessibility tree (dashboard, «Ещё» sheet)', async () => {
    const english = (tree: string) => [
      ...(tree.match(/img "[a-z][a-z-]*"/g) ?? []),
      ...(tree.match(/segmented control/g) ?? []),
    ];
    const page = await browser.openAs('owner');
    await page.goto(`/station/${inject('leninaId')}/dashboard`);
    await page.getByRole('heading', { name: 'Сводка' }).waitFor();
    await page.getByRole('radiogroup', { name: 'Период' }).waitFor();
    expect(english(await page.locator('body').ariaSnapshot())).toEqual([]);

    const phone = await browser.openAs('owner', { viewport: 'phone' });
    await phone.goto(`/station/${inject('leninaId')}/dashboard`);
    await phone.getByRole('button', { name: 'Ещё' }).click();
    const sheet = phone.getByRole('dialog', { name: 'Ещё' });
    await sheet.getByRole('radiogroup', { name: 'Тема оформления' }).waitFor();
    expect(english(await phone.locator('body').ariaSnapshot())).toEqual([]);
  });
});
