/**
 * Issue 39's two measurements, beside run.ts (not a CI gate): whether the login page is installable as a
 * PWA — Chromium's own verdict (`Page.getInstallabilityErrors`, what Lighthouse's removed «installable
 * manifest» audit asked; Lighthouse 12 has no PWA category) and the manifest it parsed — and Lighthouse
 * mobile performance of `/install-app`, calibrated to the same phone as run.ts (calibration.ts).
 *
 *   WEB_DIST_DIR=<a build> node --import tsx bench/lighthouse/install-app.ts
 *
 * Plain HTTP/1.1 on 127.0.0.1 (a secure context for Chromium), not run.ts's HTTPS with HTTP/2.
 */
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer from 'puppeteer-core';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from '../../e2e/support/browser';
import { repoRoot } from '../../e2e/support/server';
import { freePort, startProductServer } from '../support/processes';
import { cpuMultiplierFor, passBenchmarkIndex } from './calibration';
import { figuresOf } from './lhr-summary';

const runs = Number(process.env.LIGHTHOUSE_RUNS) || 3;
const flags: Flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };

const dir = mkdtempSync(join(tmpdir(), 'crm-lighthouse-install-'));
const port = await freePort();
const server = await startProductServer(port, { dataDir: join(dir, 'data') }, 'warn', {
  seedDemo: true,
  env: { WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? join(repoRoot, 'apps/web/dist') },
});
const chrome = await launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--lang=ru-RU'],
});
const browser = await puppeteer.connect({
  browserURL: `http://127.0.0.1:${chrome.port}`,
  defaultViewport: null,
});
try {
  // Installability: the login page as a first visitor opens it, once its service worker is in.
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/auth/yandex`, { waitUntil: 'networkidle0' });
  const cdp = await page.createCDPSession();
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
  console.log(
    `login page: ${installabilityErrors.length === 0 ? 'installable' : 'NOT installable'} ` +
      `(installability errors: ${JSON.stringify(installabilityErrors.map((e) => e.errorId))}; ` +
      `manifest ${manifest.url}, ${manifest.errors.length} error(s))`,
  );
  await page.close();

  // Every run gathered first, then audited with the host index of the whole pass, as run.ts does.
  const samples: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const tab = await browser.newPage();
    await lighthouse(
      `${server.baseUrl}/install-app`,
      { ...flags, gatherMode: join(dir, `install-${run}`) },
      undefined,
      tab,
    );
    const file = join(dir, `install-${run}`, 'artifacts.json');
    samples.push(
      (JSON.parse(readFileSync(file, 'utf8')) as { BenchmarkIndex: number }).BenchmarkIndex,
      await tab.evaluate(pageFunctions.computeBenchmarkIndex as () => number),
    );
    await tab.close();
  }
  const index = passBenchmarkIndex(samples);
  const multiplier = cpuMultiplierFor(index);
  const figures: ReturnType<typeof figuresOf>[] = [];
  for (let run = 1; run <= runs; run++) {
    const artifacts = join(dir, `install-${run}`);
    const file = join(artifacts, 'artifacts.json');
    const gathered = JSON.parse(readFileSync(file, 'utf8')) as {
      settings: { throttling: { cpuSlowdownMultiplier: number } };
    };
    gathered.settings.throttling.cpuSlowdownMultiplier = multiplier;
    writeFileSync(file, JSON.stringify(gathered));
    const result = await lighthouse(undefined, {
      ...flags,
      auditMode: artifacts,
      throttling: { cpuSlowdownMultiplier: multiplier },
    });
    const lhr = result!.lhr as Result;
    if (lhr.runtimeError) {
      // Not retried here (a diagnosis, not a gate): said, and left out of the median.
      console.log(
        `/install-app run ${run}: ${lhr.runtimeError.code} ${lhr.runtimeError.message.split('\n')[0]}`,
      );
      continue;
    }
    lhr.environment.benchmarkIndex = index;
    const bytes = lhr.audits['total-byte-weight']?.numericValue ?? 0;
    const videoBytes = (
      (lhr.audits['network-requests']?.details as { items?: { url: string; transferSize?: number }[] })
        ?.items ?? []
    )
      .filter((item) => /\/install\/.*\.(webm|mp4)$/.test(item.url))
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    const f = figuresOf(lhr);
    figures.push(f);
    console.log(
      `/install-app run ${run}: ${JSON.stringify(f)}, ${(bytes / 1024).toFixed(0)} KB transferred ` +
        `(videos ${(videoBytes / 1024).toFixed(0)} KB)`,
    );
  }
  const median = (key: 'performance' | 'lcpMs' | 'tbtMs' | 'cls') =>
    figures.map((f) => f[key]).sort((a, b) => a - b)[Math.floor(figures.length / 2)];
  console.log(
    `/install-app median of ${figures.length}: performance ${median('performance')}, LCP ${median('lcpMs')} ms, ` +
      `TBT ${median('tbtMs')} ms, CLS ${median('cls')}`,
  );
} finally {
  await browser.disconnect();
  chrome.kill();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
