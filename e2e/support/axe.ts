import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * Serious or critical axe-core violations (contrast in both themes, names, roles) in the whole page or
 * under `selector`: each as its rule, what it asks for, and where and why (for contrast: the colours and
 * the ratio), so a failure says what to fix. `page.evaluate` goes through the DevTools protocol, so the
 * page's CSP (script-src 'self') does not block the injected source.
 */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  // A modal still fading in blends its colours with the mask: axe would measure a contrast nobody sees
  // once it is open. Wait for running animations (antd's motion) to end first.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await page.evaluate(axe.source);
  return page.evaluate(async (scope: string | undefined) => {
    const context = scope ? { include: [scope] } : document;
    const result = await (window as unknown as { axe: typeof axe }).axe.run(context, {
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}, ${v.help}): ` +
          v.nodes
            .slice(0, 5)
            .map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`)
            .join(' | '),
      );
  }, selector);
}
