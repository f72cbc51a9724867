import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, inject, onTestFinished } from 'vitest';
import { launchChromium, newContext, newPage, signInFast, type ContextOptions } from './browser';
import { repoRoot } from './server';

export const baseUrl = (): string => inject('baseUrl');
const resultsDir = join(repoRoot, 'test-results');

/**
 * One Chromium per spec file; `open()` gives a page in a fresh context (own cookies and storage) that
 * is closed when the test ends.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(options: ContextOptions = {}): Promise<Page> {
    if (!browser) throw new Error('useBrowser(): the browser is not running yet');
    // Every test's context is new, so the service worker would install and precache the daily routes
    // (176 files) in each one, beside the test; only the specs about it (notifications) allow it.
    const context = await newContext(browser, baseUrl(), { serviceWorkers: 'block', ...options });
    const page = await newPage(context);
    onTestFinished(async ({ task }) => {
      // What the page looked like when the test failed: test-results/<test name>.png (gitignored).
      if (task.result?.state === 'fail' && !page.isClosed()) {
        mkdirSync(resultsDir, { recursive: true });
        const name = task.name
          .replace(/[^\p{L}\p{N}]+/gu, '-')
          .replace(/^-|-$/g, '')
          .slice(0, 80);
        await page.screenshot({ path: join(resultsDir, `${name}.png`), fullPage: true }).catch(() => {});
      }
      await context.close();
    });
    return page;
  }

  /**
   * A page already signed in as `login` (fast path). The 4.5 s welcome greeting is marked as shown
   * for this session (the web client's `crm.greeted.<userId>` flag) unless `greet` is set: only the
   * sign-in spec is about it.
   */
  async function openAs(login: string, options: ContextOptions & { greet?: boolean } = {}): Promise<Page> {
    const page = await open(options);
    const userId = inject('userIds')[login];
    if (!options.greet && userId) {
      await page.context().addInitScript((key) => sessionStorage.setItem(key, '1'), `crm.greeted.${userId}`);
    }
    await signInFast(page, baseUrl(), login);
    return page;
  }

  return { open, openAs };
}
