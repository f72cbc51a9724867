/**
 * `npm run screenshots`: PNGs of the login page, the station picker, /home, the shell, the order calendar
 * (day and week), the order modals (details, edit, new), the dashboard (also as a whole page), the order
 * history (cards and table), the blocking new-orders modal, every tariffs page, every station settings page and the slot manager, at 1440 and 390 px, light and dark, into
 * screenshots/ (gitignored). A script for looking, not a test: a screen that cannot be reached is
 * reported at the end (and the exit code is 1), the others are still taken. `SCREENSHOTS_ONLY=<regex>`
 * takes only the screens whose name matches (a screen that builds on the one before may then miss it).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { isIncomingNewOrder, type Order } from '@crm/shared';
import { skipFirstVisit, stationIdByName, type ApiSession } from './support/api';
import { addDays, listOrders, moscowToday } from './support/orders';
import {
  control,
  launchChromium,
  newContext,
  newPage,
  signIn,
  signInFast,
  type ViewportName,
} from './support/browser';
import { repoRoot, startServer } from './support/server';

const outDir = join(repoRoot, 'screenshots');
const combos = (['desktop', 'phone'] as ViewportName[]).flatMap((viewport) =>
  (['light', 'dark'] as const).map((theme) => ({ viewport, theme })),
);
type Combo = (typeof combos)[number];

/**
 * Lets fonts, lazy chunks and entrance animations settle. Pages with the calendar keep an event stream
 * open (`/api/events`), so the network never goes quiet there: the wait for it is bounded.
 */
async function settle(page: Page, extraMs = 600) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(extraMs);
}

/**
 * The day the order and slot screens show, and an own booking of it with a client (the fullest details and
 * edit forms): today, or tomorrow once today's bookings have begun — late in the evening every one of
 * today's is past, not editable, and today's slots are over.
 */
async function showcaseDay(owner: ApiSession, stationId: string): Promise<{ date: string; orderId: string }> {
  for (const date of [moscowToday(), addDays(moscowToday(), 1)]) {
    const ahead = (await listOrders(owner, stationId, date)).filter(
      (o) => o.source === 'Own' && o.order_type === 'Booking' && Date.parse(o.booking_start) > Date.now(),
    );
    const pick = ahead.find((o) => o.status === 'Booked') ?? ahead[0];
    if (pick) return { date, orderId: pick.id };
  }
  throw new Error('the demo data has no own booking ahead today or tomorrow at «Мойка на Ленина»');
}

/**
 * Accepts every incoming new order of the stations: until then the blocking modal (S1 §1) covers every
 * station page, which is what its own screenshot shows and no other should.
 */
async function answerIncoming(owner: ApiSession, stationIds: string[]): Promise<number> {
  let answered = 0;
  for (const stationId of stationIds) {
    const res = await owner.call(`/api/order/list/new/${stationId}`);
    if (!res.ok) throw new Error(`GET /api/order/list/new: ${res.status} ${await res.text()}`);
    const { orders_list } = (await res.json()) as { orders_list: { order: Order }[] };
    for (const { order } of orders_list.filter((item) => isIncomingNewOrder(item.order))) {
      const booked = await owner.call(`/api/order_booked/${order.id}`, { method: 'POST' });
      if (!booked.ok) throw new Error(`POST /api/order_booked: ${booked.status} ${await booked.text()}`);
      answered++;
    }
  }
  return answered;
}

interface Shooter {
  page: Page;
  /**
   * Runs `prepare`, then saves `<name>-<viewport>-<theme>.png` (the viewport, or the whole page); a
   * failure is noted, not thrown.
   */
  shot(name: string, prepare: () => Promise<void>, options?: { fullPage?: boolean }): Promise<void>;
  close(): Promise<void>;
}

const only = process.env.SCREENSHOTS_ONLY ? new RegExp(process.env.SCREENSHOTS_ONLY) : null;
const saved: string[] = [];
const missing: string[] = [];

async function shooter(browser: Browser, baseUrl: string, owner: ApiSession, combo: Combo): Promise<Shooter> {
  const { viewport, theme } = combo;
  const context = await newContext(browser, baseUrl, { viewport, colorScheme: theme });
  // The theme is kept per browser; set it as a returning visitor would have it, who has also seen this
  // session's welcome greeting already.
  await context.addInitScript(
    ([mode, greetedKey]) => {
      localStorage.setItem('crm.theme', mode);
      sessionStorage.setItem(greetedKey, '1');
    },
    [theme, `crm.greeted.${owner.userId}`] as const,
  );
  const page = await newPage(context);
  return {
    page,
    async shot(name, prepare, options = {}) {
      if (only && !only.test(name)) return;
      const file = join(outDir, `${name}-${viewport}-${theme}.png`);
      try {
        await prepare();
        await page.screenshot({ path: file, fullPage: options.fullPage ?? false });
        saved.push(file);
      } catch (error) {
        missing.push(`${file}: ${String((error as Error).message).split('\n')[0]}`);
      }
    },
    close: () => context.close(),
  };
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const owner = await skipFirstVisit(server.baseUrl, 'owner');
    const leninaId = await stationIdByName(owner, 'Мойка на Ленина');
    const sadovayaId = await stationIdByName(owner, 'Мойка на Садовой');
    const showcase = await showcaseDay(owner, leninaId);
    const dashboard = `/station/${leninaId}/dashboard`;
    const ownTariffs = (await (await owner.call(`/api/own_tariffs/list/${leninaId}`)).json()) as {
      prices_list: { id: string }[];
    };
    const ownTariffId = ownTariffs.prices_list[0]!.id;

    // First pass: the screens before any station page, and the new-orders modal while orders wait.
    for (const combo of combos) {
      const { page, shot, close } = await shooter(browser, server.baseUrl, owner, combo);
      await shot('login', async () => {
        await page.goto('/auth/yandex');
        await control(page, 'Войти с Яндекс ID').waitFor();
        await settle(page);
      });
      await shot('station-picker', async () => {
        await signIn(page, 'owner');
        await control(page, /Мойка на Ленина/).waitFor();
        await settle(page);
      });
      await shot('new-orders-modal', async () => {
        await page.goto(dashboard);
        await page.getByRole('dialog').filter({ hasText: 'Новые заказы ждут ответа' }).waitFor();
        await settle(page, 1_000);
      });
      await close();
    }

    const answered = await answerIncoming(owner, [leninaId, sadovayaId]);
    console.log(`accepted ${answered} incoming new orders so that the modal no longer covers the pages`);

    // Second pass: every other screen.
    for (const combo of combos) {
      const { page, shot, close } = await shooter(browser, server.baseUrl, owner, combo);
      await signInFast(page, server.baseUrl, 'owner');

      await shot('home', async () => {
        await page.goto('/home');
        await page.getByText('Мойка на Ленина').first().waitFor();
        await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
        await settle(page, 1_000);
      });
      await shot('shell', async () => {
        await page.goto(`/station/${leninaId}`);
        await settle(page, 1_500);
      });

      const calendar = `/station/${leninaId}?date=${moscowToday()}`;
      for (const view of ['day', 'week']) {
        await shot(`calendar-${view}`, async () => {
          await page.goto(`${calendar}&view=${view}`);
          // A phone shows the week as a list by day (DESIGN §10), not as the grid's cards.
          await page.locator('[data-event-id], .week-list__time').first().waitFor();
          await settle(page, 1_000);
        });
      }

      const modals: [string, string, string | RegExp][] = [
        ['order-details', `&orderId=${showcase.orderId}`, 'Данные записи'],
        ['order-edit', `&orderId=${showcase.orderId}&edit=1`, 'Редактирование записи'],
        ['order-new', '&newOrder=1', 'Новая запись'],
      ];
      for (const [name, params, text] of modals) {
        await shot(name, async () => {
          await page.goto(`/station/${leninaId}?date=${showcase.date}&view=day${params}`);
          await page.getByRole('dialog').filter({ hasText: text }).last().waitFor();
          await settle(page, 1_000);
        });
      }

      await shot('dashboard', async () => {
        await page.goto(dashboard);
        await page.locator('[data-indicator]').first().waitFor();
        await settle(page, 1_500);
      });
      // What lies below the fold: the charts (drawn once scrolled near) and the order lists.
      await shot(
        'dashboard-full',
        async () => {
          // Each chart draws when scrolled near: pass by each and let it draw (a lazy chunk; a dashboard
          // without it is still shot).
          for (const figure of await page.locator('figure.dash-chart').all()) {
            await figure.scrollIntoViewIfNeeded();
            await figure
              .locator('.recharts-surface, .dash-chart__empty')
              .first()
              .waitFor({ timeout: 10_000 })
              .catch(() => {});
          }
          await page.evaluate(() => window.scrollTo(0, 0));
          await settle(page, 1_000);
        },
        { fullPage: true },
      );

      const history = `/station/${leninaId}/history`;
      await shot('history-cards', async () => {
        await page.goto(history);
        await page.locator('.history-card').first().waitFor();
        await settle(page, 1_000);
      });
      // On a phone the table is not offered (S1 §2: cards are forced): the same URL shows cards.
      await shot('history-table', async () => {
        await page.goto(`${history}?view=table`);
        await page.locator('.history-table .ant-table-row, .history-card').first().waitFor();
        await settle(page, 1_000);
      });

      // Issue 12: every tariffs page the owner uses.
      const tariffs = `/station/${leninaId}/tariffs`;
      for (const tab of ['own', 'yandex', 'fixed', 'payment']) {
        await shot(`tariffs-${tab}`, async () => {
          await page.goto(`${tariffs}?tab=${tab}`);
          await page.getByRole('tab', { selected: true }).waitFor();
          await page.locator('.ant-skeleton, .ant-spin-spinning').first().waitFor({ state: 'detached' });
          await settle(page, 1_000);
        });
      }
      await shot('tariff-detail', async () => {
        await page.goto(`/station/${leninaId}/tariffs/${ownTariffId}?kind=own`);
        await page.getByText('История изменений').first().waitFor();
        await settle(page, 1_000);
      });
      await shot('tariff-edit', async () => {
        await page.getByRole('button', { name: 'Редактировать' }).first().click();
        await page.getByRole('button', { name: 'Сохранить' }).first().waitFor();
        await settle(page, 800);
      });
      await shot('tariff-new', async () => {
        await page.goto(`${tariffs}/new`);
        await page.getByText('Основные услуги').first().waitFor();
        await settle(page, 1_000);
      });
      for (const [name, path] of [
        ['tariff-extras', 'addition_service'],
        ['tariff-extras-yandex', 'yandex_addition_service'],
      ]) {
        await shot(name!, async () => {
          await page.goto(`${tariffs}/${path}`);
          await page.getByText('Настройка дополнительных услуг').first().waitFor();
          await settle(page, 1_000);
        });
      }
      // Issue 13: the settings menu, every sub-page and the slot manager.
      const settings = `/station/${leninaId}/settings`;
      const settingsPages: [string, string, string][] = [
        ['settings-menu', '', 'Станция'],
        ['settings-info', '/info', 'Основная информация'],
        ['settings-booking', '/booking', 'Стратегия станции'],
        ['settings-schedule', '/schedule', 'Понедельник'],
        ['settings-boxes', '/boxes', 'Бокс 1'],
        ['settings-pricing', '/pricing', 'Ограничения стоимости'],
        ['settings-legal', '/legalInfo', 'Заполнить по инн'],
        ['settings-admins', '/admins', 'Сотрудники'],
        ['settings-notifications', '/notifications', 'Уведомления'],
        ['settings-integrations', '/integrations', 'Последний обмен'],
      ];
      for (const [name, path, text] of settingsPages) {
        await shot(
          name,
          async () => {
            await page.goto(`${settings}${path}`);
            await page.getByText(text).first().waitFor();
            // The schedule's tutorial opens once: close it, its own screenshot is not the page.
            await page.keyboard.press('Escape');
            await settle(page, 1_000);
          },
          { fullPage: true },
        );
      }
      // Issue 37: the owner's «Онлайн-запись» settings as the screen shows them first (the link and its QR
      // code), and the warning before a new link.
      await shot('settings-booking-link', async () => {
        await page.goto(`${settings}/booking`);
        await page.locator('.ob-qr svg').waitFor();
        await settle(page, 1_000);
      });
      await shot('settings-booking-new-link', async () => {
        await page.getByRole('button', { name: /Выпустить новую ссылку/ }).click();
        await page.locator('.ant-modal-confirm-title', { hasText: 'Выпустить новую ссылку?' }).waitFor();
        await settle(page, 600);
      });
      await page.keyboard.press('Escape');
      await shot('slots', async () => {
        await page.goto(`/station/${leninaId}/slots?date=${showcase.date}`);
        await page
          .getByText('Заблокировать день')
          .or(page.getByText('Разблокировать день'))
          .first()
          .waitFor();
        await settle(page, 1_000);
      });
      await close();
    }

    // Issue 36: the system admin's partners page.
    const admin = await skipFirstVisit(server.baseUrl, 'admin');
    for (const combo of combos) {
      const { page, shot, close } = await shooter(browser, server.baseUrl, admin, combo);
      await signInFast(page, server.baseUrl, 'admin');
      await shot('admin-partners', async () => {
        await page.goto('/admin/partners');
        await page.getByText('Яндекс').first().waitFor();
        await settle(page, 1_000);
      });
      await close();
    }

    // Issue 37: the public booking pages as a driver sees them (no sign-in; light or dark from the phone).
    for (const [index, combo] of combos.entries()) {
      const { page, shot, close } = await shooter(browser, server.baseUrl, owner, combo);
      const submit = page.getByRole('button', { name: 'Записаться' });
      await shot(
        'book-page',
        async () => {
          await page.goto('/book/lenina24');
          await submit.waitFor();
          await settle(page);
        },
        { fullPage: true },
      );
      await shot(
        'book-filled',
        async () => {
          await page.getByRole('button', { name: /Средний класс/ }).click();
          await page.getByRole('radio', { name: /^Экспресс/ }).check();
          await page.getByRole('button', { name: /завтра/ }).click();
          await page.locator('.bk-time').nth(2).click();
          await page.getByRole('textbox', { name: 'Имя' }).fill('Иван');
          await page.getByRole('textbox', { name: 'Телефон' }).fill(`+7 916 555-10-0${index}`);
          await page.getByRole('checkbox', { name: /согласен/ }).check();
          await settle(page, 300);
        },
        { fullPage: true },
      );
      await shot(
        'book-manage',
        async () => {
          await submit.click();
          await page.waitForURL(/\/booking\//);
          await page.getByText('Ждёт подтверждения мойки').or(page.getByText('Вы записаны')).waitFor();
          await settle(page);
        },
        { fullPage: true },
      );
      await shot('book-privacy', async () => {
        await page.goto('/book/lenina24/privacy');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await settle(page);
      });
      await close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(saved.map((f) => `saved ${f}`).join('\n'));
  if (missing.length) {
    console.log(missing.map((m) => `MISSING ${m}`).join('\n'));
    process.exitCode = 1;
  }
}

await main();
