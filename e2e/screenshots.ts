/**
 * `npm run screenshots`: PNGs of the login page, the station picker, the shell, the order calendar (day
 * and week) and the order modals (details, edit, new) at 1440 and 390 px, light and dark, into
 * screenshots/ (gitignored). A script for looking, not a test.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { skipFirstVisit, stationIdByName, type ApiSession } from './support/api';
import { listOrders, moscowToday } from './support/orders';
import { control, launchChromium, newContext, newPage, signIn, type ViewportName } from './support/browser';
import { repoRoot, startServer } from './support/server';

const outDir = join(repoRoot, 'screenshots');

/**
 * Lets fonts, lazy chunks and entrance animations settle. Pages with the calendar keep an event stream
 * open (`/api/events`), so the network never goes quiet there: the wait for it is bounded.
 */
async function settle(page: Page, extraMs = 600) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(extraMs);
}

/** An own order of today that is still under way, with a client: the fullest details and edit forms. */
async function showcaseOrder(owner: ApiSession, stationId: string): Promise<string> {
  const today = await listOrders(owner, stationId, moscowToday());
  const live = today.filter((o) => o.source === 'Own' && o.order_type === 'Booking');
  const pick =
    live.find((o) => o.status === 'Booked') ??
    live.find((o) => o.status === 'Processing' || o.status === 'Accepted') ??
    live[0];
  if (!pick) throw new Error('the demo data has no own order today at «Мойка на Ленина»');
  return pick.id;
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const server = await startServer();
  const browser = await launchChromium();
  const saved: string[] = [];
  try {
    const owner = await skipFirstVisit(server.baseUrl, 'owner');
    const leninaId = await stationIdByName(owner, 'Мойка на Ленина');
    const orderId = await showcaseOrder(owner, leninaId);

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

        const calendar = `/station/${leninaId}?date=${moscowToday()}`;
        for (const view of ['day', 'week']) {
          await page.goto(`${calendar}&view=${view}`);
          await page.locator('[data-event-id]').first().waitFor();
          await settle(page, 1_000);
          await shot(`calendar-${view}`);
        }

        const modals: [string, string, string | RegExp][] = [
          ['order-details', `&orderId=${orderId}`, 'Данные записи'],
          ['order-edit', `&orderId=${orderId}&edit=1`, 'Редактирование записи'],
          ['order-new', '&newOrder=1', 'Новая запись'],
        ];
        for (const [name, params, text] of modals) {
          await page.goto(`${calendar}&view=day${params}`);
          await page.getByRole('dialog').filter({ hasText: text }).last().waitFor();
          await settle(page, 1_000);
          await shot(name);
        }
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
