/**
 * `npm run bench:web` (after `npm run build`): how long the calendar takes to draw a busy week.
 *
 * Starts the real server on a fresh data directory with the demo data, books 300 orders into one future
 * week of «Мойка на Ленина» through the API, opens that week (`?view=week&date=…`) in Debian Chromium at
 * 1440 px and reads the calendar's performance marks: from `calendar-orders-received` (the list arrived)
 * to `calendar-rendered` (the grid showing it has committed). Reloads RUNS times and prints the median.
 *
 * Environment: BENCH_WEB_RUNS (9), BENCH_WEB_ORDERS (300), BENCH_WEB_WEEKS_AHEAD (6), CHROMIUM_PATH.
 */
import { skipFirstVisit, stationIdByName, type ApiSession } from '../e2e/support/api';
import { launchChromium, newContext, newPage, signInFast } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';
import { cpus, loadavg } from 'node:os';

const runs = Number(process.env.BENCH_WEB_RUNS) || 9;
const target = Number(process.env.BENCH_WEB_ORDERS) || 300;
const weeksAhead = Number(process.env.BENCH_WEB_WEEKS_AHEAD) || 6;
const STATION = 'Мойка на Ленина';
/** «Мойка на Ленина» keeps Moscow time: UTC+3 all year. */
const MSK = 3;

function mondayInWeeks(weeks: number): string {
  const local = new Date(Date.now() + MSK * 3600_000);
  const monday = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) + weeks * 7);
  return monday.toISOString().slice(0, 10);
}
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function ok<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function weekOrders(session: ApiSession, stationId: string, monday: string): Promise<number> {
  const { orders } = await ok<{ orders: unknown[] }>(
    await session.call('/api/order/list', {
      body: { station_id: stationId, date_start: monday, date_end: addDays(monday, 7) },
    }),
    'POST /api/order/list',
  );
  return orders.length;
}

/**
 * Books orders i = 0… into the week: day i mod 7, 30 minutes at 08:00 + 30·(k mod 28) with
 * k = ⌊i / 7⌋, so from the 197th order on two orders share a time (on different boxes) and the week
 * view draws overlap groups too.
 */
async function fillWeek(session: ApiSession, stationId: string, monday: string, count: number) {
  const { prices_list } = await ok<{ prices_list: { id: string; active: boolean }[] }>(
    await session.call(`/api/own_tariffs/list/${stationId}`),
    'GET /api/own_tariffs/list',
  );
  const tariff = prices_list.find((t) => t.active);
  if (!tariff) throw new Error(`«${STATION}» has no active own tariff`);
  const letters = 'АВЕКМНОРСТУХ';
  const book = async (i: number) => {
    const k = Math.floor(i / 7);
    const start = Date.parse(`${addDays(monday, i % 7)}T08:00:00+03:00`) + (k % 28) * 30 * 60_000;
    const res = await session.call(`/api/create_order/${stationId}`, {
      body: {
        car: {
          brand: 'Hyundai',
          model: 'Solaris',
          class: 'Compact',
          category: 'Compact',
          plateNumber: `${letters[i % 12]}${String(i).padStart(3, '0')}${letters[(i >> 1) % 12]}${letters[(i >> 3) % 12]}77`,
        },
        bookingStart: new Date(start).toISOString(),
        bookingEnd: new Date(start + 30 * 60_000).toISOString(),
        paymentMethod: 'not_paid',
        basket: { tariffId: tariff.id, totalAmount: 1500 },
      },
    });
    await ok(res, `POST /api/create_order (order ${i})`);
  };
  // A few at a time: fast enough, and PGlite serialises them anyway.
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) await book(next++);
    }),
  );
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function main() {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const owner = await skipFirstVisit(server.baseUrl, 'owner');
    const stationId = await stationIdByName(owner, STATION);
    const monday = mondayInWeeks(weeksAhead);
    const existing = await weekOrders(owner, stationId, monday);
    if (existing < target) await fillWeek(owner, stationId, monday, target - existing);
    const total = await weekOrders(owner, stationId, monday);

    const context = await newContext(browser, server.baseUrl, { viewport: 'desktop' });
    await context.addInitScript((key) => sessionStorage.setItem(key, '1'), `crm.greeted.${owner.userId}`);
    const page = await newPage(context);
    await signInFast(page, server.baseUrl, 'owner');
    const url = `/station/${stationId}?view=week&date=${monday}`;

    const toRender: number[] = [];
    const fromNavigation: number[] = [];
    let drawn = 0;
    for (let run = 0; run <= runs; run++) {
      if (run === 0) await page.goto(url);
      else await page.reload();
      await page.waitForFunction(
        () => {
          const received = performance.getEntriesByName('calendar-orders-received')[0];
          return (
            !!received &&
            performance.getEntriesByName('calendar-rendered').some((m) => m.startTime >= received.startTime)
          );
        },
        undefined,
        { timeout: 30_000 },
      );
      const marks = await page.evaluate(() => {
        const received = performance.getEntriesByName('calendar-orders-received')[0]!;
        const rendered = performance
          .getEntriesByName('calendar-rendered')
          .find((m) => m.startTime >= received.startTime)!;
        return {
          ms: rendered.startTime - received.startTime,
          sinceNavigation: rendered.startTime,
          events: document.querySelectorAll('[data-event-id]').length,
        };
      });
      drawn = marks.events;
      // The first load warms the browser's caches and the server's; it is not counted.
      if (run === 0) continue;
      toRender.push(marks.ms);
      fromNavigation.push(marks.sinceNavigation);
    }
    await context.close();

    const fmt = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
    const m = median(toRender);
    console.log(
      `bench:web — Chromium, 1440×900, «${STATION}», week of ${monday}: ${total} orders, ${drawn} drawn`,
    );
    console.log(
      `  calendar-orders-received → calendar-rendered: median ${m.toFixed(1)} ms  [${fmt(toRender)}]`,
    );
    console.log(
      `  navigation start → calendar-rendered:          median ${median(fromNavigation).toFixed(0)} ms`,
    );
    console.log(`  aim < 100 ms: ${m < 100 ? 'met' : 'NOT met'} (${runs} reloads after one warm-up load)`);
    console.log(
      `  load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPU (the machine may be shared)`,
    );
    if (drawn < total) {
      console.log(
        `  NOTE: only ${drawn} of ${total} orders are drawn as blocks (default filters or grouping)`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
