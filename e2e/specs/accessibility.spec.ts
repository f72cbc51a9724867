import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { control } from '../support/browser';
import { useBrowser } from '../support/test-browser';

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core in the page. `page.evaluate` goes through the DevTools protocol, so the page's CSP
 * (script-src 'self') does not block the injected source.
 */
async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        // Where, and why (for contrast: the colours and the ratio), so a failure says what to fix.
        nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
      }));
  });
}

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
