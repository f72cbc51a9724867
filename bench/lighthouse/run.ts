/**
 * Lighthouse mobile budgets (issue 15): `npm ci --prefix bench/lighthouse` once, then (after
 * `npm run build`) `node --import tsx bench/lighthouse/run.ts [--check]`.
 *
 * Starts the real server on a fresh data directory with the demo data and the built web client, over HTTPS
 * with HTTP/2 as phones reach it in production (a self-signed certificate made for the run: `servedOverTls`),
 * launches Debian Chromium headless with a remote-debugging port, and runs Lighthouse (mobile, simulated
 * throttling: slow 4G and the CPU of one phone on every host, calibration.ts) attached to it on:
 * - the login page `/auth/yandex`, signed out (measured before anyone signs in);
 * - the drivers' booking page `/book/lenina24` of «Мойка на Ленина» (issue 37), signed out, like the login page;
 * - the calendar `/station/{id}` and the dashboard `/station/{id}/dashboard` of «Мойка на Ленина», signed
 *   in as the demo `administrator` through the browser's demo sign-in, with the first-visit tour and cookie
 *   banner marked as seen (like e2e's `skipFirstVisit`) and the once-per-session greeting already shown.
 * Each page LIGHTHOUSE_RUNS times (default 5, the login page at most 3); prints the medians and the diagnostics of the median run;
 * with `--check`, exits 1 when a median breaks its budget (budgets.ts). Every run's JSON report and the
 * median runs' HTML reports go to LIGHTHOUSE_REPORT_DIR (default: a new folder in the system's temp).
 *
 * `--protocols h2,h1` measures HTTP/2 as above, then the calendar and the dashboard once more over plain
 * HTTP/1.1 (issue 40; LIGHTHOUSE_H1_RUNS runs each, default 3), each gated on its own budgets.
 *
 * Environment: LIGHTHOUSE_RUNS (5), LIGHTHOUSE_REPORT_DIR, CHROMIUM_PATH (/usr/bin/chromium), WEB_DIST_DIR
 * (apps/web/dist), LIGHTHOUSE_BASE_URL (measure a server already running with the demo data instead),
 * LIGHTHOUSE_PLAIN_HTTP=1 (serve plain HTTP/1.1, as without a certificate), LIGHTHOUSE_CPU_MULTIPLIER (a fixed
 * slowdown instead of the calibrated one, for a diagnosis), LIGHTHOUSE_KEEP_ARTIFACTS=1 (keep each run's trace),
 * LIGHTHOUSE_RETURNING=1 (a returning phone: the service worker and caches kept; a diagnosis).
 */
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { generateReport, type Flags, type Result } from 'lighthouse';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { skipFirstVisit, stationIdByName } from '../../e2e/support/api';
import { chromiumPath } from '../../e2e/support/browser';
import { repoRoot } from '../../e2e/support/server';
import { makeLocalCertificate } from '../../apps/server/src/test/local-certificate';
import { freePort, startProductServer } from '../support/processes';
import {
  budgetFailures,
  budgets,
  budgetsHttp1,
  goals,
  median,
  tolerance,
  type PageBudget,
  type PageName,
} from './budgets';
import {
  cpuMultiplierFor,
  hostTooSlow,
  PHONE_BENCHMARK_INDEX,
  REFERENCE_BENCHMARK_INDEX,
  passBenchmarkIndex,
  runBenchmarkIndex,
} from './calibration';
import { diagnosticsOf, figuresOf, type RunFigures } from './lhr-summary';

/**
 * Phones reach the product over HTTPS (DESIGN §1), where browsers speak HTTP/2: a page's 20–30 files travel
 * over one connection at once, where HTTP/1.1 queues them six at a time. Measured over plain HTTP/1.1 the
 * simulated slow 4G ran each of those queues at 150 ms a trip, which no user of a served product waits for.
 * So the run makes a self-signed certificate and serves with it (TLS_CERT_FILE): Chromium trusts that key
 * alone, and this process runs again with it in NODE_EXTRA_CA_CERTS, which Node reads only at start.
 * LIGHTHOUSE_PLAIN_HTTP=1 measures plain HTTP/1.1 instead, as a server without a certificate serves it.
 */
/**
 * `--protocols h2,h1` (issue 40): HTTP/2 over TLS as above, then a second pass over plain HTTP/1.1 (what
 * `npm start` serves without a certificate: six connections, each file a queue's step) of the signed-in
 * pages only, LIGHTHOUSE_H1_RUNS (3) runs each, gated on the HTTP/1.1 budgets (budgets.ts). Each pass is
 * this script again with its own server; the exit code fails if either pass does.
 */
const protocolsAt = process.argv.findIndex((arg) => arg === '--protocols' || arg.startsWith('--protocols='));
const protocolsArg = process.argv[protocolsAt]?.startsWith('--protocols=')
  ? process.argv[protocolsAt].slice('--protocols='.length)
  : process.argv[protocolsAt + 1];
const protocols = (protocolsAt >= 0 && protocolsArg ? protocolsArg : 'h2').split(',').filter(Boolean);
if (protocols.some((p) => p !== 'h2' && p !== 'h1'))
  throw new Error(`--protocols: h2 and/or h1, not ${protocols.join(',')}`);
if (!process.env.LIGHTHOUSE_PASS && (protocols.length > 1 || protocols[0] === 'h1')) {
  let status = 0;
  for (const protocol of protocols) {
    const pass = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: {
        ...process.env,
        LIGHTHOUSE_PASS: protocol,
        ...(protocol === 'h1'
          ? { LIGHTHOUSE_PLAIN_HTTP: '1', LIGHTHOUSE_RUNS: process.env.LIGHTHOUSE_H1_RUNS ?? '3' }
          : { LIGHTHOUSE_PLAIN_HTTP: '0' }),
        ...(process.env.LIGHTHOUSE_REPORT_DIR
          ? { LIGHTHOUSE_REPORT_DIR: join(process.env.LIGHTHOUSE_REPORT_DIR, protocol) }
          : {}),
      },
    });
    status ||= pass.status ?? 1;
  }
  process.exit(status);
}
/** Over plain HTTP/1.1 (LIGHTHOUSE_PLAIN_HTTP=1): measured against the HTTP/1.1 budgets. */
const overHttp1 = process.env.LIGHTHOUSE_PLAIN_HTTP === '1';
/**
 * The HTTP/1.1 pass of `--protocols h2,h1`, or LIGHTHOUSE_SIGNED_IN_ONLY=1: the calendar and the dashboard only
 * (the login and booking pages are a file or two each, 99–100 over either protocol).
 */
const signedInOnly = process.env.LIGHTHOUSE_PASS === 'h1' || process.env.LIGHTHOUSE_SIGNED_IN_ONLY === '1';
const servedOverTls = !process.env.LIGHTHOUSE_BASE_URL && !overHttp1;
if (servedOverTls && !process.env.LIGHTHOUSE_TLS_DIR) {
  const dir = mkdtempSync(join(tmpdir(), 'crm-lighthouse-tls-'));
  try {
    const { certFile, spkiHash } = makeLocalCertificate(dir);
    const again = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: {
        ...process.env,
        LIGHTHOUSE_TLS_DIR: dir,
        LIGHTHOUSE_TLS_SPKI: spkiHash,
        NODE_EXTRA_CA_CERTS: certFile,
      },
    });
    process.exitCode = again.status ?? 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit();
}
const tlsDir = process.env.LIGHTHOUSE_TLS_DIR;

const runs = Number(process.env.LIGHTHOUSE_RUNS) || 5;
/**
 * The login page has no React and no long task (100 and TBT 0 in every run since): three runs tell it. The
 * same for the drivers' booking page, a small entry of its own (no antd, no staff app).
 */
const loginRuns = Math.min(runs, 3);
const BOOKING_CODE = 'lenina24';
const check = process.argv.includes('--check');
const STATION = 'Мойка на Ленина';
const USER = 'administrator';

/**
 * LIGHTHOUSE_CPU_MULTIPLIER fixes the CPU slowdown instead of calibrating it to the host (calibration.ts),
 * for a diagnosis only: the budgets are defined for the calibrated phone.
 */
const fixedMultiplier = Number(process.env.LIGHTHOUSE_CPU_MULTIPLIER) || undefined;
/**
 * LIGHTHOUSE_RETURNING=1, for a diagnosis (not gated): each tab opens the page once and waits for the
 * service worker to take over, and Lighthouse keeps the origin's caches (`disableStorageReset`): the load of
 * a phone that has been here before, what a station's staff open every day.
 */
const returning = process.env.LIGHTHOUSE_RETURNING === '1';

const flags: Flags = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance', 'accessibility', 'best-practices'],
  disableStorageReset: returning,
  // formFactor, screen emulation and network throttling stay Lighthouse's mobile defaults on purpose; the
  // CPU slowdown is set at the audit step, the same for every run of a pass.
};

interface PageRun {
  figures: RunFigures;
  lhr: Result;
  /** The host's index around this run's load alone (the audit used the pass's). */
  ownIndex: number;
}

/** Chromium's flags for this machine (STACK trap 9); chrome-launcher adds its own automation defaults. */
function launchChromium(): Promise<LaunchedChrome> {
  return launch({
    chromePath: chromiumPath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--lang=ru-RU',
      ...(process.env.LIGHTHOUSE_TLS_SPKI
        ? [`--ignore-certificate-errors-spki-list=${process.env.LIGHTHOUSE_TLS_SPKI}`]
        : []),
    ],
  });
}

/** The demo sign-in in the browser itself, so the session cookie and the client's stored id are real. */
async function signIn(browser: Browser, baseUrl: string, login: string): Promise<void> {
  const page = await browser.newPage();
  const start = new URL('/api/auth/login', baseUrl);
  start.searchParams.set('redirect_uri', `${baseUrl}/auth/callback`);
  start.searchParams.set('login', login);
  await page.goto(start.toString());
  await page.waitForFunction(() => !!localStorage.getItem('crm.session'), { timeout: 60_000 });
  await page.close();
}

/** Lighthouse's own CPU benchmark (the function behind `benchmarkIndex`), run again after a load. */
async function benchmarkIndexIn(page: Page): Promise<number> {
  return page.evaluate(pageFunctions.computeBenchmarkIndex as () => number);
}

/**
 * One Lighthouse navigation in a new tab, the first of two steps: the real, unthrottled load and its trace,
 * saved for the audit, and the host's benchmark around it (Lighthouse's own before navigating, the same
 * again in the same tab after it). `greetedUserId` marks the greeting as shown in that tab's session storage
 * before the app starts: it plays once per session, not on every load.
 */
async function gather(
  browser: Browser,
  url: string,
  artifactsDir: string,
  greetedUserId?: string,
): Promise<number[]> {
  const page = await browser.newPage();
  rmSync(artifactsDir, { recursive: true, force: true });
  try {
    if (greetedUserId) {
      await page.evaluateOnNewDocument((key: string) => {
        try {
          sessionStorage.setItem(key, '1');
        } catch {
          // about:blank, where Lighthouse starts, has no storage.
        }
      }, `crm.greeted.${greetedUserId}`);
    }
    if (returning) {
      await page.goto(url, { waitUntil: 'load' });
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    }
    await lighthouse(url, { ...flags, gatherMode: artifactsDir }, undefined, page);
    return [readArtifacts(artifactsDir).BenchmarkIndex, await benchmarkIndexIn(page)];
  } finally {
    await page.close();
  }
}

interface GatheredArtifacts {
  BenchmarkIndex: number;
  settings: { throttling: { cpuSlowdownMultiplier: number } };
}

const readArtifacts = (artifactsDir: string) =>
  JSON.parse(readFileSync(join(artifactsDir, 'artifacts.json'), 'utf8')) as GatheredArtifacts;

/**
 * The second step: the saved load audited with the CPU slowdown that makes this host the budgets' phone
 * (calibration.ts; `benchmarkIndex`, the host's index it came from, is what the report shows).
 */
async function auditGathered(
  url: string,
  artifactsDir: string,
  multiplier: number,
  benchmarkIndex: number,
): Promise<Result> {
  try {
    const artifacts = readArtifacts(artifactsDir);
    // Lighthouse refuses to audit under other settings than it gathered with. Under simulated throttling
    // the gather does not throttle the CPU: the multiplier only scales the deadline of the page's
    // requestIdleCallback, which the product does not use. So the gathered settings take the multiplier
    // of the audit, which is the one the trace is simulated with.
    artifacts.settings.throttling.cpuSlowdownMultiplier = multiplier;
    writeFileSync(join(artifactsDir, 'artifacts.json'), JSON.stringify(artifacts));
    const result = await lighthouse(undefined, {
      ...flags,
      auditMode: artifactsDir,
      throttling: { cpuSlowdownMultiplier: multiplier },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // A signed-in page that fell back to the login page would be measured as the wrong page.
    const landed = new URL(lhr.finalDisplayedUrl);
    const wanted = new URL(url);
    if (landed.pathname !== wanted.pathname) {
      throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}: not the page to measure`);
    }
    lhr.environment.benchmarkIndex = benchmarkIndex;
    return lhr;
  } finally {
    if (!process.env.LIGHTHOUSE_KEEP_ARTIFACTS) rmSync(artifactsDir, { recursive: true, force: true });
  }
}

/**
 * A step that fails is tried again in a new tab, up to twice. Failures seen: a page Lighthouse calls hung on
 * a starved CPU, and a trace recorded without the page's `navigationStart` (NO_NAVSTART), which a CI run on
 * a busy host got twice in a row on the same page.
 */
async function retried<T>(url: string, step: (attempt: number) => Promise<T>): Promise<T> {
  const attempts = 3;
  for (let attempt = 1; ; attempt++) {
    try {
      return await step(attempt);
    } catch (error) {
      if (attempt === attempts) throw error;
      console.log(`  retrying ${new URL(url).pathname}: ${(error as Error).message.split('\n')[0]}`);
      await new Promise((resolve) => setTimeout(resolve, 2_000 * attempt));
    }
  }
}

/** A run gathered and waiting for its audit. */
interface GatheredRun {
  name: PageName;
  run: number;
  url: string;
  artifactsDir: string;
  greetedUserId?: string;
  /** The host's benchmark around this run's load. */
  samples: number[];
}

const fmtMs = (value: number) => `${(value / 1000).toFixed(2)} s`;

function report(name: PageName, url: string, pageRuns: PageRun[], reportDir: string): string[] {
  const pick = (key: keyof RunFigures) => median(pageRuns.map((r) => r.figures[key]));
  const medians = {
    performance: pick('performance'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    accessibility: pick('accessibility'),
  };
  const budget: PageBudget = (overHttp1 ? budgetsHttp1 : budgets)[name];
  console.log(`\n${name} — ${new URL(url).pathname} (${pageRuns.length} runs)`);
  console.log(
    `  median: performance ${medians.performance} (budget ≥ ${budget.performance}), ` +
      `LCP ${fmtMs(medians.lcpMs)} (≤ ${fmtMs(budget.lcpMs)}), TBT ${Math.round(medians.tbtMs)} ms ` +
      `(≤ ${budget.tbtMs} ms), CLS ${medians.cls.toFixed(3)} (≤ ${budget.cls}), FCP ${fmtMs(pick('fcpMs'))}, ` +
      `Speed Index ${fmtMs(pick('speedIndexMs'))}, LCP unthrottled ${fmtMs(pick('observedLcpMs'))}; accessibility ${pick('accessibility')}${budget.accessibility ? ` (≥ ${budget.accessibility})` : ''}, ` +
      `best practices ${pick('bestPractices')}`,
  );
  console.log(
    `  runs: ${pageRuns
      .map(
        (r) =>
          `${r.figures.performance} (LCP ${fmtMs(r.figures.lcpMs)}, TBT ${Math.round(r.figures.tbtMs)} ms, ` +
          `CPU index ${Math.round(r.ownIndex)})`,
      )
      .join('; ')}; audited at ${pageRuns[0]!.figures.cpuMultiplier.toFixed(2)}× CPU, the pass's index ` +
      `${Math.round(pageRuns[0]!.figures.benchmarkIndex)}`,
  );
  // The run whose score is the median: its diagnostics and HTML report stand for the page.
  const sorted = [...pageRuns].sort((a, b) => a.figures.performance - b.figures.performance);
  const medianRun = sorted[Math.floor((sorted.length - 1) / 2)]!;
  for (const line of diagnosticsOf(medianRun.lhr)) console.log(`  ${line}`);
  if (hostTooSlow(pageRuns[0]!.figures.benchmarkIndex)) {
    console.log(
      `  host slower than the simulated phone (the pass's CPU index < ${PHONE_BENCHMARK_INDEX}): ` +
        'audited at 1× CPU, so the runs measure a slower phone than the budgets',
    );
  }
  // Lighthouse's «slower CPU than Lighthouse expects» is answered by the calibration: not repeated.
  const warnings = new Set(
    pageRuns.flatMap((r) => r.lhr.runWarnings.map(String)).filter((w) => !/slower CPU/.test(w)),
  );
  for (const warning of warnings) console.log(`  Lighthouse warning: ${warning.split('\n')[0]}`);
  const html = join(reportDir, `${name}.html`);
  writeFileSync(html, generateReport(medianRun.lhr, 'html'));
  console.log(`  report: ${html}`);
  for (const miss of budgetFailures(name, medians, goals[name])) console.log(`  goal not met: ${miss}`);
  const failures = budgetFailures(name, medians, budget);
  for (const failure of failures) console.log(`  OVER BUDGET: ${failure}`);
  return failures.map((f) => `${name}: ${f}`);
}

interface Target {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The product server as `npm start` runs it, on a new data directory with the demo data and the built web
 * client. bench/support's start, not e2e's: seeding the demo can take over a minute on a loaded machine.
 */
async function startTarget(): Promise<Target> {
  if (process.env.LIGHTHOUSE_BASE_URL) {
    return { baseUrl: process.env.LIGHTHOUSE_BASE_URL.replace(/\/$/, ''), stop: async () => {} };
  }
  const webDist = process.env.WEB_DIST_DIR ?? join(repoRoot, 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`No web build in ${webDist}: run \`npm run build\` first.`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'crm-lighthouse-data-'));
  try {
    const port = await freePort();
    const tls = tlsDir
      ? {
          TLS_CERT_FILE: join(tlsDir, 'cert.pem'),
          TLS_KEY_FILE: join(tlsDir, 'key.pem'),
          PUBLIC_URL: `https://127.0.0.1:${port}`,
        }
      : {};
    const server = await startProductServer(port, { dataDir: join(dir, 'data') }, 'warn', {
      seedDemo: true,
      env: { WEB_DIST_DIR: webDist, ...tls },
    });
    return {
      baseUrl: server.baseUrl,
      async stop() {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function main() {
  const started = Date.now();
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR ?? mkdtempSync(join(tmpdir(), 'crm-lighthouse-'));
  mkdirSync(reportDir, { recursive: true });
  const server = await startTarget();
  let chrome: LaunchedChrome | undefined;
  let browser: Browser | undefined;
  try {
    const session = await skipFirstVisit(server.baseUrl, USER);
    const stationId = await stationIdByName(session, STATION);
    const pages: Record<PageName, string> = {
      login: `${server.baseUrl}/auth/yandex`,
      booking: `${server.baseUrl}/book/${BOOKING_CODE}`,
      calendar: `${server.baseUrl}/station/${stationId}`,
      dashboard: `${server.baseUrl}/station/${stationId}/dashboard`,
    };
    chrome = await launchChromium();
    browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    console.log(
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, ` +
        `${await browser.version()}, server ready in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );

    // A run's trace and artifacts between its gather and audit steps; removed after the audit.
    const artifactsDir = (name: PageName, run: number) => join(reportDir, `${name}-${run}-artifacts`);
    const gathered: GatheredRun[] = [];
    const gatherRun = async (name: PageName, run: number, greetedUserId?: string) => {
      const url = pages[name];
      const dir = artifactsDir(name, run);
      const samples = await retried(url, () => gather(browser!, url, dir, greetedUserId));
      gathered.push({ name, run, url, artifactsDir: dir, greetedUserId, samples });
    };
    // Signed out first: the browser has no session cookie yet.
    const signedOutRuns = signedInOnly ? 0 : loginRuns;
    for (let run = 1; run <= signedOutRuns; run++) await gatherRun('login', run);
    for (let run = 1; run <= signedOutRuns; run++) await gatherRun('booking', run);
    await signIn(browser, server.baseUrl, USER);
    // Alternating, so a burst of load on the shared machine does not land on one page only.
    for (let run = 1; run <= runs; run++) {
      await gatherRun('calendar', run, session.userId);
      await gatherRun('dashboard', run, session.userId);
    }

    // Every run of the pass is audited with the host index of the whole pass (calibration.ts).
    const hostIndex = passBenchmarkIndex(gathered.flatMap((g) => g.samples));
    const multiplier = fixedMultiplier ?? cpuMultiplierFor(hostIndex);
    const results: Record<PageName, PageRun[]> = { login: [], booking: [], calendar: [], dashboard: [] };
    for (const g of gathered) {
      // An audit that fails (NO_NAVSTART) has its load gathered again; the multiplier stays the pass's.
      const lhr = await retried(g.url, async (attempt) => {
        if (attempt > 1) g.samples = await gather(browser!, g.url, g.artifactsDir, g.greetedUserId);
        return auditGathered(g.url, g.artifactsDir, multiplier, hostIndex);
      });
      results[g.name].push({
        figures: figuresOf(lhr),
        lhr,
        ownIndex: runBenchmarkIndex(g.samples[0]!, g.samples[1]!),
      });
      writeFileSync(join(reportDir, `${g.name}-${g.run}.json`), JSON.stringify(lhr));
    }

    console.log(
      `\nLighthouse mobile over ${overHttp1 ? 'plain HTTP/1.1' : servedOverTls ? 'HTTP/2 (TLS)' : 'the given server'} (simulated slow 4G; CPU: ${
        fixedMultiplier
          ? `${fixedMultiplier}× fixed`
          : `the phone of benchmark index ${PHONE_BENCHMARK_INDEX}, 4× a host of ${REFERENCE_BENCHMARK_INDEX}`
      }), median of ${runs}; tolerance: performance ` +
        `−${tolerance.performance}, LCP +${tolerance.lcpMs} ms, TBT +${tolerance.tbtMs} ms, CLS none`,
    );
    const failures = (Object.keys(pages) as PageName[])
      .filter((name) => results[name].length > 0)
      .flatMap((name) => report(name, pages[name], results[name], reportDir));
    console.log(
      `\nreports in ${reportDir}; took ${((Date.now() - started) / 1000).toFixed(0)} s; load average ` +
        `${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPU (the machine may be shared)`,
    );
    if (failures.length > 0) {
      console.log(`${failures.length} budget(s) exceeded${check ? '' : ' (not checked: run with --check)'}`);
      if (check) process.exitCode = 1;
    } else {
      console.log('all budgets met');
    }
  } finally {
    await browser?.disconnect();
    chrome?.kill();
    await server.stop();
  }
}

await main();
