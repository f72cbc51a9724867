/**
 * `npm run bench:phone-load` (after `npm run build`): how soon a phone on mobile data shows the calendar,
 * on the first visit and on the next one, when the service worker has the code (issue 15).
 *
 * Lighthouse (bench/lighthouse) scores a first visit with storage cleared, its timings simulated from an
 * unthrottled load. A car wash's staff open the calendar every day: from the second visit on, the shell and
 * the daily routes come from the service worker's precache and only the data crosses the network. This
 * measures both in real time, with Chromium's own throttling: 150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up (Lighthouse's slow 4G) and the CPU slowed 4×, at 412 px on a touch screen.
 *
 * Starts the real server on a fresh data directory with the demo data. The demo `administrator`'s
 * «Мойка на Ленина» has new orders waiting: the page is drawn when the blocking window is, and the time is
 * the page's own largest-contentful-paint entry. Each of RUNS rounds: the login page in a context of its
 * own (a page without React: the baseline of the same round and machine); then a context signed in through
 * the API (its session cookie and the client's stored id, so that no page of the app has loaded and no
 * service worker is there): the calendar's first visit, then, once the service worker has installed and
 * precached, a second visit. Prints the medians and the ratios to the login page.
 *
 * Environment: BENCH_PHONE_RUNS (5), CHROMIUM_PATH, WEB_DIST_DIR.
 */
import type { BrowserContext } from 'playwright-core';
import { cpus, loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { apiSignIn, skipFirstVisit, stationIdByName } from '../e2e/support/api';
import { launchChromium, newContext, newPage } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';

const runs = Number(process.env.BENCH_PHONE_RUNS) || 5;
const STATION = 'Мойка на Ленина';
const USER = 'administrator';
const LEAD = 'Клиенты ждут подтверждения';

/** Lighthouse's mobile defaults (slow 4G, a mid-range phone's CPU), applied for real. */
const network = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** One throttled load of `path`, waiting for `visible`; its largest contentful paint, ms from navigation. */
async function loadOnPhone(context: BrowserContext, path: string, visible: string): Promise<number> {
  const page = await newPage(context);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(path);
    await page.getByText(visible, { exact: false }).first().waitFor({ timeout: 60_000 });
    // A later, larger paint would replace the entry: give the page a moment to finish drawing.
    await page.waitForTimeout(1500);
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          });
        }),
    );
  } finally {
    await page.close();
  }
}

/** Loads the calendar unthrottled until its service worker controls it and has precached the daily routes. */
async function installServiceWorker(context: BrowserContext, path: string): Promise<void> {
  const page = await newPage(context);
  try {
    await page.goto(path);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      // workbox precaches during install; `ready` resolves once the worker is active, i.e. installed.
    });
  } finally {
    await page.close();
  }
}

/** A phone context already signed in, in which no page of the app has run yet. */
async function signedInContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const session = await apiSignIn(baseUrl, USER);
  const context = await newContext(browser, baseUrl, { viewport: 'phone' });
  const [name, value] = session.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: baseUrl, httpOnly: true }]);
  await context.addInitScript((userId) => {
    if (!localStorage.getItem('crm.session')) {
      localStorage.setItem('crm.session', JSON.stringify({ userId, expiresAt: Date.now() + 86_400_000 }));
    }
    // The greeting plays once per session: it is not what is measured.
    sessionStorage.setItem(`crm.greeted.${userId}`, '1');
  }, session.userId);
  return context;
}

async function main() {
  const started = Date.now();
  console.log(
    `bench:phone-load — node ${process.version}, ${cpus().length} CPU, load average ${loadavg()[0]!.toFixed(1)}; ` +
      `${network.latency} ms RTT, 1.6 Mbit/s, CPU ÷${CPU_SLOWDOWN}, ${runs} rounds`,
  );
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const session = await skipFirstVisit(server.baseUrl, USER);
    const calendar = `/station/${await stationIdByName(session, STATION)}`;
    const login: number[] = [];
    const first: number[] = [];
    const repeat: number[] = [];
    for (let round = 1; round <= runs; round++) {
      const signedOut = await newContext(browser, server.baseUrl, { viewport: 'phone' });
      try {
        login.push(await loadOnPhone(signedOut, '/auth/yandex', 'Войти с Яндекс ID'));
      } finally {
        await signedOut.close();
      }
      const context = await signedInContext(browser, server.baseUrl);
      try {
        first.push(await loadOnPhone(context, calendar, LEAD));
        await installServiceWorker(context, calendar);
        repeat.push(await loadOnPhone(context, calendar, LEAD));
      } finally {
        await context.close();
      }
      console.log(
        `round ${round}: login ${seconds(login.at(-1)!)}, calendar first visit ${seconds(first.at(-1)!)}, ` +
          `next visit ${seconds(repeat.at(-1)!)}`,
      );
    }
    const base = median(login);
    const row = (name: string, values: number[]) =>
      `${name.padEnd(40)} LCP median ${seconds(median(values))} (${(median(values) / base).toFixed(2)}× login)`;
    console.log(`\n${row('login page (baseline)', login)}`);
    console.log(row('calendar, first visit', first));
    console.log(row('calendar, next visit (service worker)', repeat));
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(
    `\ntotal ${Math.round((Date.now() - started) / 1000)} s, load average ${loadavg()[0]!.toFixed(1)}`,
  );
}

await main();
