/**
 * `npm run bench:export` (after `npm run build`, which the script runs): the history export of a busy
 * year in the browser (issue 4: ≈ 10 000 orders must stay responsive).
 *
 * 1. Seeds a PGlite data directory with the demo data and one bench station («Бенч-мойка №1», Moscow)
 *    whose current calendar year holds exactly BENCH_EXPORT_ORDERS orders (bench/support/seed-network.ts,
 *    trimmed to the count; its new partner orders are answered, so no blocking modal opens). Its owner
 *    `bench-owner` gets a demo sign-in identity.
 * 2. Starts the real server on it, opens `/station/{id}/history` in Debian Chromium at 1440 px, picks the
 *    range «Год» and clicks «Экспорт» RUNS + 1 times (the first, which loads the export chunk and worker,
 *    is reported apart), each time until the download starts.
 * 3. Prints the median time from the click to the download (in the page: the click event to the
 *    download link's click; and as Playwright sees it), the main thread's longest task during the export
 *    (PerformanceObserver 'longtask'), and the file's size and rows (read back with exceljs).
 *
 * Environment: BENCH_EXPORT_ORDERS (10000), BENCH_EXPORT_RUNS (5), BENCH_LOG_LEVEL (warn), CHROMIUM_PATH.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { addDays, daysBetween, historyExport, periodRange, type DateRange } from '@crm/shared';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/modules/demo/demo';
import { skipFirstVisit } from '../e2e/support/api';
import { launchChromium, newContext, newPage, signInFast } from '../e2e/support/browser';
import { freePort, startProductServer } from './support/processes';
import { moscowToday } from './support/requests';
import { seedBenchNetwork } from './support/seed-network';
import { envNumber } from './support/bench-run';

const target = envNumber('BENCH_EXPORT_ORDERS', 10_000);
const runs = envNumber('BENCH_EXPORT_RUNS', 5);
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'warn';
const LOGIN = 'bench-owner';
/** What the seed gives per box and day: 14 hours, ≈ 75 % of them taken. */
const ordersPerBoxDay = 14 * 0.75;

const started = performance.now();
const log = (line: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

/** A data directory with the demo and one station holding exactly `target` orders in `year`. */
async function seedYear(dataDir: string, year: DateRange) {
  const handle = await openDatabase({ dataDir });
  try {
    await handle.migrate();
    await seedDemo(handle.db);
    const today = moscowToday();
    const days = daysBetween(year.start, year.end) + 1;
    const boxes = Math.max(1, Math.ceil(target / (ordersPerBoxDay * days)));
    const t = performance.now();
    // Seeded days end with the year: `days` of them, the last `futureDays` from today on.
    const net = await seedBenchNetwork(handle.db, {
      stations: 1,
      boxes,
      days,
      futureDays: daysBetween(today, addDays(year.end, 1)),
    });
    const stationId = net.stationIds[0]!;
    // Exactly `target`: drop a spread-out selection of the rest.
    await handle.db.execute(sql`
      delete from orders where id in (
        select id from orders where station_id = ${stationId} order by md5(id::text) offset ${target})`);
    // Unanswered partner orders would open the blocking new-orders modal (S1 §1) over the page.
    await handle.db.execute(
      sql`update orders set status = 'Booked' where station_id = ${stationId} and status = 'Accepted'`,
    );
    await handle.db.execute(
      sql`insert into identities (user_id, provider, provider_user_id) values (${net.userId}, 'local', ${LOGIN})`,
    );
    log(
      `seeded «Бенч-мойка №1» (${boxes} boxes, ${net.from} … ${addDays(net.to, -1)}) and trimmed to ${target} orders ` +
        `in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    return { stationId, userId: net.userId };
  } finally {
    await handle.close();
  }
}

declare global {
  interface Window {
    __bench: { longTasks: { start: number; duration: number }[]; clickAt: number; downloadAt: number };
  }
}

/**
 * Before any page script: collect long tasks, note when «Экспорт» is clicked and when a download link
 * is clicked (the export saves through a temporary `<a download>`).
 */
function instrument() {
  const bench: Window['__bench'] = { longTasks: [], clickAt: 0, downloadAt: 0 };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('button');
      if (button?.textContent?.includes('Экспорт')) bench.clickAt = performance.now();
    },
    true,
  );
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    if (this.download) bench.downloadAt = performance.now();
    return click.call(this);
  };
}

interface Run {
  inPageMs: number | null;
  /** Click to the last list answer of the export. */
  fetchMs: number | null;
  /** The export's list answers: JSON bytes, and as sent (compressed, if it was). */
  bytes: number;
  wireBytes: number;
  playwrightMs: number;
  longestTaskMs: number;
  longTasks: number;
  file: string;
}

async function exportOnce(page: Page, dir: string, n: number): Promise<Run> {
  const button = page.getByRole('button', { name: 'Экспорт' });
  await page.waitForFunction(() => {
    const b = Array.from(document.querySelectorAll('button')).find((el) =>
      el.textContent?.includes('Экспорт'),
    );
    return !!b && b.getAttribute('aria-busy') !== 'true' && !b.classList.contains('ant-btn-loading');
  });
  // The last export's «Файл успешно экспортирован» covers the button, and stays while the pointer
  // rests there: move away and let it close.
  await page.mouse.move(700, 600);
  await page.waitForFunction(() => !document.querySelector('.ant-notification-notice'), undefined, {
    timeout: 20_000,
  });
  await page.evaluate(() => Object.assign(window.__bench, { clickAt: 0, downloadAt: 0 }));
  const t0 = performance.now();
  // Together, so a failed click is reported as itself, not as a download that never came.
  const [done] = await Promise.all([page.waitForEvent('download', { timeout: 180_000 }), button.click()]);
  const playwrightMs = performance.now() - t0;
  const file = join(dir, `export-${n}.xlsx`);
  await done.saveAs(file);
  // Let the observer deliver the last entries.
  await page.waitForTimeout(300);
  const m = await page.evaluate(() => {
    const b = window.__bench;
    const during = b.longTasks.filter((t) => t.start >= b.clickAt && t.start <= (b.downloadAt || Infinity));
    // The export's own list calls: when the last answer was in, the rest is building the file.
    const calls = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/api/order/list') && e.startTime >= b.clickAt)
      .map((e) => e as PerformanceResourceTiming);
    const fetched = calls.map((e) => e.responseEnd);
    // The export fetches in its worker, whose requests are not in the page's timeline: the page marks
    // «history-export-loaded» when the worker reports the orders in.
    const loaded = performance
      .getEntriesByName('history-export-loaded')
      .filter((e) => e.startTime >= b.clickAt);
    if (!fetched.length && loaded.length) fetched.push(loaded[loaded.length - 1]!.startTime);
    return {
      bytes: calls.reduce((n, e) => n + e.decodedBodySize, 0),
      wireBytes: calls.reduce((n, e) => n + e.encodedBodySize, 0),
      inPageMs: b.clickAt && b.downloadAt ? b.downloadAt - b.clickAt : null,
      fetchMs: fetched.length ? Math.max(...fetched) - b.clickAt : null,
      longestTaskMs: Math.max(0, ...during.map((t) => t.duration)),
      longTasks: during.length,
    };
  });
  return { ...m, playwrightMs, file };
}

/** Data rows, the totals rows and the header of the file, read back with exceljs. */
async function readBack(file: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet(historyExport.sheet);
  if (!sheet) throw new Error(`no sheet «${historyExport.sheet}» in ${file}`);
  const texts = (row: number) =>
    ((sheet.getRow(row).values as unknown[]) ?? []).slice(1).map((v) => String(v ?? ''));
  const totals = [...Array(sheet.rowCount).keys()]
    .map((i) => i + 1)
    .filter((r) => texts(r).some((t) => t.startsWith('Итого')));
  return {
    header: texts(1),
    rows: sheet.rowCount - 1 - totals.length,
    totals: totals.map((r) => texts(r).join(' | ')),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'crm-bench-export-'));
  const year = periodRange('year', moscowToday());
  const { stationId, userId } = await seedYear(join(dir, 'data'), year);
  const server = await startProductServer(await freePort(), { dataDir: join(dir, 'data') }, logLevel);
  const browser = await launchChromium();
  try {
    const owner = await skipFirstVisit(server.baseUrl, LOGIN);
    const res = await owner.call('/api/order/list', {
      body: {
        station_id: stationId,
        date_start: year.start,
        date_end: addDays(year.end, 1),
        history: true,
        page: 1,
        page_size: 1,
      },
    });
    const listed = res.ok ? ((await res.json()) as { total?: number }).total : undefined;

    const context = await newContext(browser, server.baseUrl, { viewport: 'desktop' });
    await context.addInitScript((key) => sessionStorage.setItem(key, '1'), `crm.greeted.${userId}`);
    await context.addInitScript(instrument);
    const page = await newPage(context);
    await signInFast(page, server.baseUrl, LOGIN);
    await page.goto(`/station/${stationId}/history`);
    const yearList = page.waitForResponse(
      (r) => r.url().endsWith('/api/order/list') && (r.request().postData() ?? '').includes(year.start),
    );
    await page
      .getByRole('group', { name: /Период/ })
      .getByText('Год', { exact: true })
      .click();
    await yearList;
    log(`history page of ${year.start} … ${year.end} open; the API lists ${listed ?? '?'} orders for it`);

    const measured: Run[] = [];
    let first: Run | null = null;
    for (let n = 0; n <= runs; n++) {
      const run = await exportOnce(page, dir, n);
      if (n === 0) first = run;
      else measured.push(run);
    }
    const last = measured.at(-1) ?? first!;
    const file = await readBack(last.file);
    const size = statSync(last.file).size;

    const ms = (x: number | null) => (x === null ? '?' : x.toFixed(0));
    const inPage = measured.map((r) => r.inPageMs).filter((x): x is number => x !== null);
    console.log('');
    console.log(
      `bench:export — Chromium 1440×900, «Бенч-мойка №1», ${year.start} … ${year.end}, ${target} orders seeded`,
    );
    console.log(
      `  click «Экспорт» → download: median ${inPage.length ? median(inPage).toFixed(0) : '?'} ms in the page ` +
        `[${measured.map((r) => ms(r.inPageMs)).join(', ')}], ` +
        `${median(measured.map((r) => r.playwrightMs)).toFixed(0)} ms as Playwright sees it (${runs} runs)`,
    );
    const fetches = measured.map((r) => r.fetchMs).filter((x): x is number => x !== null);
    if (fetches.length) {
      console.log(
        `  of which fetching the orders: median ${median(fetches).toFixed(0)} ms ` +
          (last.bytes
            ? `(${(last.bytes / 1e6).toFixed(1)} MB of JSON, ${(last.wireBytes / 1e6).toFixed(1)} MB on the wire); `
            : '(in the worker); ') +
          `building the file: the rest`,
      );
    }
    console.log(
      `  first export (loads the export chunk and worker): ${ms(first!.inPageMs)} ms in the page, ` +
        `longest task ${first!.longestTaskMs.toFixed(0)} ms`,
    );
    console.log(
      `  main thread during the export: longest task median ${median(measured.map((r) => r.longestTaskMs)).toFixed(0)} ms, ` +
        `max ${Math.max(...measured.map((r) => r.longestTaskMs)).toFixed(0)} ms ` +
        `[${measured.map((r) => r.longestTaskMs.toFixed(0)).join(', ')}]; long tasks per export ` +
        `[${measured.map((r) => r.longTasks).join(', ')}]`,
    );
    console.log(
      `  file: ${(size / 1024).toFixed(0)} KiB, ${file.rows} order rows (API total ${listed ?? '?'}), ` +
        `header ${file.header.join(' | ')}`,
    );
    for (const line of file.totals) console.log(`  totals: ${line}`);
    if (listed !== undefined && file.rows !== listed) console.log('  NOTE: the file and the API disagree');
    console.log(
      `  load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPU (the machine may be shared)`,
    );
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
