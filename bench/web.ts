/**
 * `npm run bench:web` (after `npm run build`): how long the calendar takes to draw a busy week and a busy
 * day of box lanes, and whether a drag keeps 60 fps (issue 10, item 3).
 *
 * Starts the real server on a fresh data directory with the demo data, books through the API 300 orders
 * into one future week of «Мойка на Ленина» and 4 boxes × 40 orders into one future day, then opens in
 * Debian Chromium at 1440 px:
 * - the week (`?view=week`) and the day (`?view=day`, one lane per box), reading the calendar's marks from
 *   `calendar-orders-received` (the list arrived) to `calendar-rendered` (the grid showing it committed),
 *   RUNS reloads each, median; an EMPTY week and day measured the same way in the same run are the
 *   baseline, so the ratios say what the orders cost whatever the shared machine's load;
 * - a drag in the busy day: pointer events fed once per animation frame for DRAG_FRAMES frames, the
 *   intervals between the grid's `calendar-drag-frame` marks against the intervals of plain animation
 *   frames on the same page (the baseline). Escape ends the drag, so nothing is moved on the server.
 *
 * Environment: BENCH_WEB_RUNS (9), BENCH_WEB_ORDERS (300), BENCH_WEB_WEEKS_AHEAD (6), CHROMIUM_PATH.
 */
import { skipFirstVisit, stationIdByName, type ApiSession } from '../e2e/support/api';
import { launchChromium, newContext, newPage, signInFast } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';
import { mondayInWeeks } from './support/moscow-week';
import { activeOwnTariff, ownOrderBody } from './support/own-orders';
import type { Page } from 'playwright-core';
import { cpus, loadavg } from 'node:os';

const runs = Number(process.env.BENCH_WEB_RUNS) || 9;
const target = Number(process.env.BENCH_WEB_ORDERS) || 300;
const weeksAhead = Number(process.env.BENCH_WEB_WEEKS_AHEAD) || 6;
const STATION = 'Мойка на Ленина';
const BOXES = 4;
const PER_BOX = 40;
const DRAG_FRAMES = 120;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function ok<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function ordersIn(session: ApiSession, stationId: string, from: string, days: number): Promise<number> {
  const { orders } = await ok<{ orders: unknown[] }>(
    await session.call('/api/order/list', {
      body: { station_id: stationId, date_start: from, date_end: addDays(from, days) },
    }),
    'POST /api/order/list',
  );
  return orders.length;
}
const weekOrders = (session: ApiSession, stationId: string, monday: string) =>
  ordersIn(session, stationId, monday, 7);

const letters = 'АВЕКМНОРСТУХ';
const plateOf = (i: number) =>
  `${letters[i % 12]}${String(i % 1000).padStart(3, '0')}${letters[(i >> 1) % 12]}${letters[(i >> 3) % 12]}77`;

/** Books `count` orders, a few at a time (fast enough; PGlite serialises them anyway). */
async function bookAll(
  session: ApiSession,
  stationId: string,
  count: number,
  slotOf: (i: number) => { start: number; minutes: number; box?: number },
) {
  const tariffId = await activeOwnTariff(session, stationId);
  const book = async (i: number) => {
    const { start, minutes, box } = slotOf(i);
    const res = await session.call(`/api/create_order/${stationId}`, {
      body: ownOrderBody({ tariffId, start, minutes, plate: plateOf(i), box }),
    });
    await ok(res, `POST /api/create_order (order ${i})`);
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) await book(next++);
    }),
  );
}

/**
 * The week: order i on day i mod 7, 30 minutes at 08:00 + 30·(k mod 28) with k = ⌊i / 7⌋, so from the
 * 197th order on two orders share a time (on different boxes) and the week view draws overlap groups too.
 */
const fillWeek = (session: ApiSession, stationId: string, monday: string, count: number) =>
  bookAll(session, stationId, count, (i) => ({
    start: Date.parse(`${addDays(monday, i % 7)}T08:00:00+03:00`) + (Math.floor(i / 7) % 28) * 30 * 60_000,
    minutes: 30,
  }));

/** The day: 40 orders of 20 minutes back to back from 08:00 in each of the 4 boxes (08:00–21:20). */
const fillDay = (session: ApiSession, stationId: string, date: string) =>
  bookAll(session, stationId, BOXES * PER_BOX, (i) => ({
    start: Date.parse(`${date}T08:00:00+03:00`) + Math.floor(i / BOXES) * 20 * 60_000,
    minutes: 20,
    box: (i % BOXES) + 1,
  }));

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** `calendar-orders-received` → `calendar-rendered` over RUNS reloads after one warm-up load. */
async function measureRender(page: Page, url: string): Promise<{ ms: number[]; drawn: number }> {
  const ms: number[] = [];
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
        events: document.querySelectorAll('[data-event-id]').length,
      };
    });
    drawn = marks.events;
    // The first load warms the browser's caches and the server's; it is not counted.
    if (run > 0) ms.push(marks.ms);
  }
  return { ms, drawn };
}

/**
 * A drag of the first movable card across the lanes and down the day, one pointer move per animation
 * frame; returns the intervals between `calendar-drag-frame` marks, and those of plain animation frames
 * on the same page just before (the baseline: what this machine gives an idle page).
 */
async function measureDrag(page: Page): Promise<{ drag: number[]; idle: number[] }> {
  await page.locator('.ev[data-movable]').first().waitFor();
  return page.evaluate(async (frames: number) => {
    // No named functions in here: tsx would wrap them in a `__name` helper the page does not have.
    const idle: number[] = [];
    let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    for (let i = 0; i < frames; i++) {
      const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      idle.push(now - last);
      last = now;
    }
    const card = document.querySelector<HTMLElement>('.ev[data-movable]')!;
    card.scrollIntoView({ block: 'center' });
    await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const box = card.getBoundingClientRect();
    const lanes = Array.from(document.querySelectorAll<HTMLElement>('[data-box]'), (l) =>
      l.getBoundingClientRect(),
    );
    const x0 = box.left + box.width / 2;
    const y0 = box.top + 8;
    const pointer = { pointerId: 7, pointerType: 'mouse', isPrimary: true, bubbles: true, button: 0 };
    performance.clearMarks('calendar-drag-frame');
    card.dispatchEvent(new PointerEvent('pointerdown', { ...pointer, clientX: x0, clientY: y0, buttons: 1 }));
    for (let i = 1; i <= frames; i++) {
      // Across all lanes and back, and down and up by up to four hours.
      const lane = lanes[Math.floor((i / frames) * lanes.length * 2) % lanes.length]!;
      const x = lane.left + lane.width / 2;
      const y = y0 + Math.sin((i / frames) * Math.PI * 2) * 320;
      window.dispatchEvent(
        new PointerEvent('pointermove', { ...pointer, clientX: x, clientY: y, buttons: 1 }),
      );
      await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    }
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    window.dispatchEvent(new PointerEvent('pointerup', { ...pointer, clientX: x0, clientY: y0 }));
    const marks = performance.getEntriesByName('calendar-drag-frame').map((m) => m.startTime);
    const drag = marks.slice(1).map((t, i) => t - marks[i]!);
    return { drag, idle };
  }, DRAG_FRAMES);
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
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
    // The busy day: Tuesday of the next week; the empty baselines: the week after.
    const busyDay = addDays(mondayInWeeks(weeksAhead + 1), 1);
    if ((await ordersIn(owner, stationId, busyDay, 1)) === 0) await fillDay(owner, stationId, busyDay);
    const dayTotal = await ordersIn(owner, stationId, busyDay, 1);
    const emptyMonday = mondayInWeeks(weeksAhead + 2);
    const emptyCount = await weekOrders(owner, stationId, emptyMonday);

    const context = await newContext(browser, server.baseUrl, { viewport: 'desktop' });
    await context.addInitScript((key) => sessionStorage.setItem(key, '1'), `crm.greeted.${owner.userId}`);
    const page = await newPage(context);
    await signInFast(page, server.baseUrl, 'owner');
    const at = (view: string, date: string) => `/station/${stationId}?view=${view}&date=${date}`;

    const week = await measureRender(page, at('week', monday));
    const emptyWeek = await measureRender(page, at('week', emptyMonday));
    const day = await measureRender(page, at('day', busyDay));
    const emptyDay = await measureRender(page, at('day', addDays(emptyMonday, 1)));
    await page.goto(at('day', busyDay));
    const drag = await measureDrag(page);
    await context.close();

    const fmt = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
    const line = (name: string, busy: number[], empty: number[]) => {
      const m = median(busy);
      const b = median(empty);
      console.log(
        `  ${name}: median ${m.toFixed(1)} ms [${fmt(busy)}]; empty ${b.toFixed(1)} ms; ` +
          `ratio ${(m / Math.max(b, 1)).toFixed(2)}; aim < 100 ms: ${m < 100 ? 'met' : 'NOT met'}`,
      );
    };
    console.log(`bench:web — Chromium, 1440×900, «${STATION}» (${runs} reloads after one warm-up load each)`);
    console.log(`  calendar-orders-received → calendar-rendered:`);
    line(`week of ${monday}, ${total} orders, ${week.drawn} drawn`, week.ms, emptyWeek.ms);
    line(`day ${busyDay}, ${dayTotal} orders in ${BOXES} lanes, ${day.drawn} drawn`, day.ms, emptyDay.ms);
    if (emptyCount > 0) console.log(`  NOTE: the «empty» baseline week has ${emptyCount} orders`);

    const dragP95 = pct(drag.drag, 95);
    const idleP95 = pct(drag.idle, 95);
    const slow = drag.drag.filter((x) => x > 1000 / 60 + 4).length;
    console.log(
      `  drag over ${DRAG_FRAMES} frames: ${drag.drag.length + 1} calendar-drag-frame marks; interval median ` +
        `${median(drag.drag).toFixed(1)} ms, p95 ${dragP95.toFixed(1)} ms; idle frames median ` +
        `${median(drag.idle).toFixed(1)} ms, p95 ${idleP95.toFixed(1)} ms; ratio p95 ${(dragP95 / idleP95).toFixed(2)}; ` +
        `${slow} frames over 20.7 ms; aim 60 fps: ${median(drag.drag) <= 1000 / 60 + 1 && slow <= drag.drag.length * 0.05 ? 'met' : 'NOT met'}`,
    );
    console.log(
      `  load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPU (the machine may be shared)`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
