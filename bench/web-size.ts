/**
 * Initial JavaScript (gzip) of the daily routes and the service worker's precache, with budgets (issue 15).
 * A route's initial JS is the entry chunk plus the lazy route modules it renders, each with its static
 * import graph, read from Vite's manifest (`build.manifest`). Dynamic imports are not counted: they load
 * later (greeting, tour, update card, the date popover) or for other routes. The precache is the URL list
 * in dist/sw.js, sized as the files on disk (what a first visit downloads before compression).
 *
 *   npx tsx bench/web-size.ts [distDir] [--check]      (default apps/web/dist)
 *
 * --check exits 1 when a figure exceeds its budget, naming the figure and the budget. Sizes are exact:
 * the build is deterministic, so there is no tolerance. The budgets are gzip sizes; «sent» is what a browser
 * that accepts brotli downloads (the build's .br files, apps/web/build/precompress.ts), and --check fails a
 * route file the build left without one.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { dailyRoutes, type DailyRoute } from '../apps/web/src/app/daily-routes';
import { COMPILE_HINT } from '../apps/web/build/compile-hints';
import { routeChunkMap } from '../apps/web/build/daily-chunks';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const KB = 1024;

/**
 * Initial JS budgets, gzip, and how many files it comes in. Login meets issue 15's goal (150 KB) many times
 * over since it became a page of its own without React (8 KB); its budget keeps it small. The calendar meets
 * its goal of 250 KB: 249 KB, of which the entry's React, router and Query are 101 KB. History: 303 KB until
 * lazy routes stopped carrying their dependency lists for modulepreload; 296 KB in 89 files until the daily
 * routes' code was grouped into few chunks (apps/web/build/daily-chunks.ts: the same modules, compressed
 * together), 272 KB until antd's message, notification and modal engines loaded after the page
 * (lib/feedback.tsx). «Calendar, after arrival» adds what loads without a tap in the first seconds (the push
 * prompt, the greeting, the feedback engines): 374.8 KB in 29 files until the prompt and the greeting became
 * chunk units of their own and stopped loading the dashboard's chunks; the picker and the dashboard each
 * gained a 1 KB file for it. The dashboard weighed 323 KB until its panels and headings stopped using antd's
Card and Typography (which bring tabs, menu, dropdown and text input) and its selects loaded only where
drawn (components/panel.tsx); four groups under 512 bytes of code joined the shell (daily-chunks.ts), one
file fewer on each route. The new-orders window without antd's Modal (components/plain-dialog.tsx) took
13 KB off «calendar, orders waiting»; what every page loads joining the shell, 2 files off the calendar. Each budget is what the route weighs now: a ratchet that only ever goes down.
 * Raised once, by issue 38's first-week fixes (1.2 KB on the calendar, 0.2 KB on the picker: the overlay queue
 * that keeps the push prompt and the cookie banner off dialogs, toasts that say what happened, the calendar's
 * remembered day and view, its «Вне графика» mark and the drag's named conflict); the calendar stays within
 * issue 15's 250 KB.
 * Raised again by issue 39 (2.2 KB on the calendar, 1.2–1.5 KB on the others): the install prompt's watcher,
 * which must listen before Chromium fires `beforeinstallprompt` (0.5 KB in the shell), the offline start
 * that reads the saved calendar when there is no network (0.2 KB), the router's new routes (0.6 KB), and on
 * the calendar the week strip's day counts (0.8 KB). That puts the calendar 1.8 KB over issue 15's 250 KB
 * aim: winning it back belongs to issue 40 (speed on a slow phone).
 * Issue 40 won it back: 251.8 → 249.8 KB while its order events added 0.3 KB to what the calendar and the
 * dashboard share. The calendar's chunk had carried every export of the station settings' rules (which
 * other pages import from it) for one working-hours helper, now in stations/week.ts, and the affected-orders
 * window's messages for one mark (stations/outside-hours-mark.ts); the note of a station without a schedule
 * and the phone's week list load when first shown (precached with the daily routes, so offline too). The
 * budget keeps 0.2 KB, within issue 15's 250 KB. The dashboard's 0.3 KB and the picker's 0.1 KB more are those order events (and
 * 0.1 KB of the working-hours helper in the entry's shared chunk): their budgets follow them, once. The
 * picker's 0.3 KB more: the API client repeats a read while the database is away (503 NOT_READY, issue 41's
 * first part), in the entry every page loads.
 * Then, by issue 40, 0.2–0.3 KB on each: V8's compile hint, one comment line at the top of every file a daily
 * route runs (apps/web/build/compile-hints.ts), ≈ 20 bytes gzip a file, for a quarter less script time on the
 * main thread on arrival. The calendar is 250.0 KB, on issue 15's 250 KB aim.
 * Then 0.1–0.2 KB more on each (issue 40, fewer renders on arrival): the week strip with its own query, the
 * memoised bottom bar and the kept media query lists. The calendar is 250.2 KB, 0.2 KB over issue 15's aim, for ≈ 60 ms less
 * blocking time on its arrival at 4× CPU: winning those bytes back is left to issue 40.
 * Then the route modules joined their groups' chunks (apps/web/build/daily-chunks.ts, issue 40): 5–7 files
 * fewer on each route (the calendar 14 → 9, with orders waiting 19 → 13, the dashboard 20 → 15) and
 * 2.4–2.8 KB less, the same code compressed in fewer files; and the shell's overlays' stylesheet joined
 * antd's (one CSS file fewer, 0.1–0.2 KB less CSS). The calendar is 247.6 KB, within issue 15's aim.
 * Then 30–60 bytes more on each, 0.1 KB on the budgets: the shell reads the CRM data one flag at a time
 * (`useCrmData(select)`, issue 40), so that the push prompt's session count no longer re-renders the whole
 * shell after every arrival (a task of ≈ 65 ms at 4× CPU). The calendar is still 247.6 KB.
 * Then 2.8 KB and 1.1 KB of CSS less on each: the counts are drawn without antd's Badge and its animation
 * (components/count-badge.tsx), whose stylesheet left antd's first-screen CSS (issue 40, the updates inside
 * the page's commit). The calendar is 244.8 KB.
 * Then 0.1 KB more on each: the calendar's «На смене» line is a chunk unit of its own (vite.config.ts), and
 * the month names it shares with the dashboard joined the shell. Before, they were in the dashboard's chunk,
 * and every arrival at the calendar loaded that chunk with the line (≈ 13 KB in 3 requests). Those requests
 * competed with the first screen's on a slow line (issue 40). The calendar is 245.0 KB.
 * Then 0.2 KB more on each: the shell's two reads that no first screen shows (the server's configuration,
 * the CRM data's tour and cookie flags) wait until the page is up (app/layout/use-shell-data.ts), and the
 * wizard's test-host check asks for the configuration on the wizard's pages only. Two requests fewer
 * before the first screen's largest paint (issue 40). The calendar is 245.2 KB.
 * Then a few bytes more on each (0.1 KB as budgeted): the API client starts a change's call in a task ahead of
 * the renders already queued, so a save's call no longer waits ≈ 0.2 s at 4× CPU behind the render its
 * form's validation queued (issue 40).
 * Then 32 bytes more on each (0.1 KB on the calendar's budget): antd's motion follows the device's «reduce
 * motion» setting (lib/theme.tsx), without which such a phone could not pick a new order's tariff.
 * Then 2.2 KB of JS and 0.4 KB of CSS less on each: the user's initials are a plain element, not antd's
 * Avatar, which measured its text after every mount (app/layout/user-block.tsx); its styles left antd's
 * built stylesheet with it. The calendar is 243.2 KB.
 * Then 0.1–0.2 KB more on each: under the new-orders window that waited on arrival the
 * dashboard draws its new orders alone, and its figures, lists and banners come once the window closes
 * (features/stations/components/station-guard.tsx `underWindow`, lib/arrival-queue.ts `useArrivalWanted`).
 * Lighthouse's blocking time after the largest paint on the dashboard, HTTP/1.1, 20 runs each in turns:
 * median 93 → 43 ms (issue 40). The calendar is 243.3 KB.
 *
 * `css`: the route's initial CSS, gzip. On Lighthouse's slow 4G the largest paint waits for every byte that
 * arrives before it, CSS as much as JS: 15.8 KB less of antd's built stylesheet (build/antd-styles.ts: the
 * first screens' components only) brought the calendar's simulated LCP from 2.57–2.61 s to 2.38–2.47 s.
 * The calendar's CSS was 39.8 KB until then.
 */
export const routeBudgets: Partial<Record<DailyRoute, { bytes: number; files: number; css?: number }>> = {
  login: { bytes: 12 * KB, files: 3, css: 4 * KB },
  'station picker': { bytes: 285.9 * KB, files: 12, css: 18.5 * KB },
  calendar: { bytes: 243.3 * KB, files: 9, css: 22.0 * KB },
  'calendar, orders waiting': { bytes: 252.0 * KB, files: 13, css: 24.4 * KB },
  'calendar, after arrival': { bytes: 273.0 * KB, files: 16, css: 23.0 * KB },
  dashboard: { bytes: 252.7 * KB, files: 15, css: 20.5 * KB },
};

/**
 * Pages for people outside the staff: entries of their own, neither daily routes nor precached by the
 * staff app's service worker (vite.config.ts). The online-booking page (issue 37) is Preact and its own
 * code, for a driver’s cheap phone on mobile data: ≤ 60 KB of JS gzip by the issue; 19.3 KB in 2 files
 * when it was added (Preact ≈ 5 KB of it).
 */
export const publicPages = {
  'online booking': { path: '/book/{code}', entry: 'book.html', modules: [] },
} as const satisfies Record<string, { path: string; entry: string; modules: readonly string[] }>;
export type PublicPage = keyof typeof publicPages;

export const publicPageBudgets: Record<PublicPage, { bytes: number; files: number; css?: number }> = {
  'online booking': { bytes: 60 * KB, files: 2, css: 4 * KB },
};

/**
 * What the service worker may download on a first visit: the shell and the daily routes only. Sized on
 * disk; the server sends it compressed. 155 files until the daily routes' code was grouped. 1 600 KB until antd's daily stylesheet (build/antd-styles.ts,
 * 304 KB on disk, 31 KB gzip) took over the CSS antd used to generate on every load; 1 820 KB until the
 * daily routes stopped loading zod, the date picker and the decline form before they are used; 1 508 KB
 * until that stylesheet held the first screens' components only (124 KB on disk).
 */
export const precacheBudget = {
  // 53 files, 1 497 KB until the push prompt and the greeting, which load on every arrival, were precached
  // with the daily routes (11 KB on disk).
  // 59 files until the smallest groups joined the shell (57); then 59 again, as the feedback engines
  // became a unit of their own in the daily chunks and stopped loading the picker's chunk on every arrival.
  // 53 files (1 282.1 KB) since the daily route modules joined their groups' chunks (issue 40), 52
  // (1 281.6 KB) since the shell's overlays' stylesheet joined antd's. 53 (1 262.9 KB) with the worker
  // theme-init.js starts on a signed-in page (public/intl-warmup.js, 0.5 KB), which sets up the locale data
  // off the main thread (≈ 0.15 s of it before the first paint at 4× CPU) and is started offline too.
  files: 53,
  // 1 496 KB before the page lock of the new-orders window and the dashboard's own tab strip (0.6 KB of CSS
  // and code, for 0.1–0.2 s less main thread on arrival at Lighthouse's 4× CPU).
  // 1 270 KB until issue 38's first-week fixes, 1 276 KB until issue 39 (the same additions as the routes'
  // budgets above; the install page's videos are never precached).
  // Issue 40: 59 → 63 files (1 278.8 → 1 284.1 KB): the calendar's week list and no-schedule note, out of
  // its first load, are precached as files of their own (with the station settings' rules the note's texts
  // come with), so the calendar shows them offline as before. Then 1 284.6 KB: the first date formatter of
  // a signed-in load is made by theme-init.js, before the first paint, instead of a task of the entry's.
  // 1 285.6 KB with V8's compile hint on each precached script (build/compile-hints.ts: 29 bytes a file),
  // then 1 285.7 KB with the order windows' save button holding its own spin (a smaller re-render per press),
  // then 1 286.3 KB with the renders issue 40 took off the arrival (the routes' budgets above).
  // 1 281.8 KB when «Новая запись»'s start took the shared nextFreeSlot: its own module 95 bytes smaller
  // (not precached), the calendar's and the form's chunks 8 bytes larger each in the names they import.
  // 1 261.7 KB without antd's Badge (components/count-badge.tsx, issue 40). 1 263.7 KB with theme-init.js
  // written into index.html and login.html (build/inline-theme-init.ts): ≈ 0.9 KB each, no request before
  // the first paint; offline the theme is right at once too (the file was never precached). 1 264.0 KB with
  // the shell's reads that wait until the page is up (the routes' budgets above). 1 264.1 KB with the API
  // client's changes taking their task ahead of queued renders (the routes' budgets above). 1 256.2 KB
  // without antd's Avatar (the routes' budgets above). 1 256.8 KB with the dashboard's wait under the
  // new-orders window (the routes' budgets above).
  bytes: 1256.8 * KB,
  /** Code that must load when used, never on install: recognised by strings only it contains. */
  forbidden: [
    { what: 'Excel (exceljs)', marker: 'xl/workbook.xml' },
    { what: 'charts (recharts)', marker: 'recharts-wrapper' },
    { what: 'the map (leaflet)', marker: 'leaflet-container' },
  ],
};

/** Every chunk key reachable through static imports from the given keys. */
export function staticGraph(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the manifest: ${key}`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

/** Route module → the file of the chunk holding it (apps/web/build/daily-chunks.ts, `routeChunkMap`). */
type RouteChunks = Record<string, string>;

/**
 * A route module's manifest key. The manifest keys a chunk by its facade module; a daily route module is
 * one module of its group's chunk, found through the map the build writes beside the manifest.
 */
function chunkKey(manifest: Manifest, routeChunks: RouteChunks, module: string): string {
  if (manifest[module]) return module;
  const key = Object.keys(manifest).find((k) => manifest[k]!.file === routeChunks[module]);
  if (!key) throw new Error(`not in the manifest: ${module}`);
  return key;
}

const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

/**
 * What a browser that accepts brotli downloads: the build's `.br` of the file (apps/web/build/precompress.ts),
 * or `null` for a file the build left without one (then it is compressed on the fly, ≈ gzip's size).
 */
function brotliSize(path: string): number | null {
  return existsSync(`${path}.br`) ? statSync(`${path}.br`).size : null;
}

export function routeSize(
  distDir: string,
  manifest: Manifest,
  route: { entry?: string; modules: readonly string[] },
  routeChunks: RouteChunks,
) {
  const entry = route.entry ?? 'index.html';
  if (!manifest[entry]?.isEntry) throw new Error(`no entry chunk ${entry} in the manifest`);
  const modules = route.modules.map((module) => chunkKey(manifest, routeChunks, module));
  const keys = staticGraph(manifest, [entry, ...modules]);
  let js = 0;
  let css = 0;
  let sent = 0;
  const files = new Set<string>();
  const withoutCompileHint: string[] = [];
  const withoutBrotli: string[] = [];
  const send = (file: string, gzipped: number) => {
    const brotli = brotliSize(join(distDir, file));
    if (brotli === null && gzipped >= 1024) withoutBrotli.push(file);
    sent += brotli ?? gzipped;
  };
  for (const key of keys) {
    const chunk = manifest[key]!;
    files.add(chunk.file);
    const code = readFileSync(join(distDir, chunk.file));
    const gzipped = gzipSync(code, { level: 9 }).length;
    js += gzipped;
    send(chunk.file, gzipped);
    if (!code.toString('utf8').startsWith(COMPILE_HINT)) withoutCompileHint.push(chunk.file);
    for (const file of chunk.css ?? []) {
      if (files.has(file)) continue;
      files.add(file);
      const gzippedCss = gzipSize(join(distDir, file));
      css += gzippedCss;
      send(file, gzippedCss);
    }
  }
  return { chunks: keys.size, js, css, sent, withoutCompileHint, withoutBrotli };
}

/** The URLs workbox precaches, read from the generated worker, with their sizes on disk. */
export function precacheSize(distDir: string) {
  const worker = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]!);
  if (urls.length === 0) throw new Error('no precache list in sw.js');
  let bytes = 0;
  const forbidden: string[] = [];
  for (const url of urls) {
    const content = readFileSync(join(distDir, url));
    bytes += content.length;
    if (!url.endsWith('.js')) continue;
    const text = content.toString('utf8');
    for (const { what, marker } of precacheBudget.forbidden) {
      if (text.includes(marker)) forbidden.push(`${url} (${what})`);
    }
  }
  return { files: urls.length, bytes, forbidden };
}

const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

function main() {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const distDir = resolve(args.find((a) => !a.startsWith('--')) ?? 'apps/web/dist');
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const routeChunks = JSON.parse(readFileSync(join(distDir, routeChunkMap), 'utf8')) as RouteChunks;
  const failures: string[] = [];

  const pages = [
    ...(Object.entries(dailyRoutes) as [DailyRoute, (typeof dailyRoutes)[DailyRoute]][]).map(
      ([name, route]) => [name, route, routeBudgets[name]] as const,
    ),
    ...(Object.entries(publicPages) as [PublicPage, (typeof publicPages)[PublicPage]][]).map(
      ([name, route]) => [name, route, publicPageBudgets[name]] as const,
    ),
  ];
  for (const [name, route, budget] of pages) {
    const { chunks, js, css, sent, withoutCompileHint, withoutBrotli } = routeSize(
      distDir,
      manifest,
      route,
      routeChunks,
    );
    const label = `${name} (${route.path})`;
    console.log(
      `${label.padEnd(42)} JS ${kb(js).padStart(9)} gzip in ${String(chunks).padStart(3)} chunks, CSS ${kb(css)} gzip, sent ${kb(sent)} brotli` +
        (budget
          ? `  (budget ${kb(budget.bytes)} in ${budget.files}${budget.css ? `, CSS ${kb(budget.css)}` : ''})`
          : ''),
    );
    if (budget && js > budget.bytes) {
      failures.push(`${label}: initial JS ${kb(js)} gzip > budget ${kb(budget.bytes)}`);
    }
    // Each file is a request: on a phone's HTTP/1.1 connections, a round trip of its own.
    if (budget && chunks > budget.files) {
      failures.push(`${label}: initial JS in ${chunks} files > budget ${budget.files}`);
    }
    if (budget?.css && css > budget.css) {
      failures.push(`${label}: initial CSS ${kb(css)} gzip > budget ${kb(budget.css)}`);
    }
    // A staff route's code compiles as it arrives, off the main thread (apps/web/build/compile-hints.ts).
    if (name in dailyRoutes && withoutCompileHint.length > 0) {
      failures.push(`${label}: without V8's compile hint: ${withoutCompileHint.join(', ')}`);
    }
    // Every file of a first screen goes out as the build's brotli file (apps/web/build/precompress.ts).
    if (withoutBrotli.length > 0) {
      failures.push(`${label}: without the build's .br file: ${withoutBrotli.join(', ')}`);
    }
  }

  const precache = precacheSize(distDir);
  console.log(
    `${'service worker precache'.padEnd(42)} ${precache.files} files, ${kb(precache.bytes)}` +
      `  (budget ${precacheBudget.files} files, ${kb(precacheBudget.bytes)})`,
  );
  if (precache.files > precacheBudget.files) {
    failures.push(`precache: ${precache.files} files > budget ${precacheBudget.files}`);
  }
  if (precache.bytes > precacheBudget.bytes) {
    failures.push(`precache: ${kb(precache.bytes)} > budget ${kb(precacheBudget.bytes)}`);
  }
  for (const file of precache.forbidden) failures.push(`precache holds ${file}, which must load at runtime`);

  if (!check) return;
  if (failures.length === 0) return console.log('web size: every budget met');
  for (const failure of failures) console.error(`BUDGET EXCEEDED — ${failure}`);
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
