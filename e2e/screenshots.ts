/**
 * `npm run screenshots`: PNGs of the login page, the station picker and the shell (station overview) at
 * 1440 and 390 px, light and dark, into screenshots/ (gitignored). A script for looking, not a test.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { skipFirstVisit, stationIdByName } from './support/api';
import { control, launchChromium, newContext, newPage, signIn, type ViewportName } from './support/browser';
import { repoRoot, startServer } from './support/server';

const outDir = join(repoRoot, 'screenshots');

/** Lets fonts, lazy chunks and entrance animations settle. */
async function settle(page: Page, extraMs = 600) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(extraMs);
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const server = await startServer();
  const browser = await launchChromium();
  const saved: string[] = [];
  try {
    const owner = await skipFirstVisit(server.baseUrl, 'owner');
    const leninaId = await stationIdByName(owner, 'Мойка на Ленина');

    for (const viewport of ['desktop', 'phone'] as ViewportName[]) {
      for (const theme of ['light', 'dark'] as const) {
        const context = await newContext(browser, server.baseUrl, { viewport, colorScheme: theme });
        // The theme is kept per browser; set it as a returning visitor would have it, who has also
        // seen this session's welcome greeting already.
        await context.addInitScript(
          ([mode, greetedKey]) => {
            localStorage.setItem('crm.theme', mode);
            sessionStorage.setItem(greetedKey, '1');
          },
          [theme, `crm.greeted.${owner.userId}`] as const,
        );
        const page = await newPage(context);
        const shot = async (name: string) => {
          const file = join(outDir, `${name}-${viewport}-${theme}.png`);
          await page.screenshot({ path: file });
          saved.push(file);
        };

        await page.goto('/auth/yandex');
        await control(page, 'Войти с Яндекс ID').waitFor();
        await settle(page);
        await shot('login');

        await signIn(page, 'owner');
        await control(page, /Мойка на Ленина/).waitFor();
        await settle(page);
        await shot('station-picker');

        await page.goto(`/station/${leninaId}`);
        await settle(page, 1_500);
        await shot('shell');
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(saved.map((f) => `saved ${f}`).join('\n'));
}

await main();
