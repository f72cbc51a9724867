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
});
