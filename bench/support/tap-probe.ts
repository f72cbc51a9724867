/**
 * Measuring a tap in a real page (bench/interactions.ts, e2e/specs/taps.spec.ts): Event Timing for input →
 * next paint, and «ready» as the first animation frame in which what the tap opens is usable.
 */
import type { BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { cpuMultiplierFor } from '../lighthouse/calibration';

declare global {
  interface Window {
    __taps?: {
      entries: { name: string; start: number; duration: number; interaction: number }[];
      down: number;
    };
  }
}

/** Collects every Event Timing entry of 16 ms or more from the start, and the last pointerdown's time. */
export async function installTapProbe(context: BrowserContext): Promise<void> {
  // tsx (esbuild's keepNames) wraps named inner functions in `__name(…)`: give the page functions one.
  await context.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
  await context.addInitScript(() => {
    const taps: NonNullable<Window['__taps']> = { entries: [], down: 0 };
    window.__taps = taps;
    addEventListener('pointerdown', (event) => (taps.down = event.timeStamp), { capture: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) {
        taps.entries.push({
          name: e.name,
          start: e.startTime,
          duration: e.duration,
          interaction: e.interactionId,
        });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
}

/** What makes a tap's result usable, checked in the page on every animation frame. */
export interface ReadyWhen {
  /** An element matching this selector is shown (its box is not empty)… */
  selector: string;
  /** …whose text contains this (optional). */
  text?: string;
  /** …and, inside it, an enabled text field is shown (optional: «typeable»). */
  field?: boolean;
  /** …and, inside it, a shown button with this text (optional). */
  button?: string;
}

export interface TapFigures {
  /** Event Timing duration of the tap's interaction (the longest of its events), ms; 16 means ≤ 16. */
  paint: number;
  /** pointerdown → the first frame with the result usable, ms. */
  ready?: number;
}

/** Taps `target` (a real touch through CDP) and measures it; `ready` waits for what it opens. */
export async function measureTap(page: Page, target: Locator, ready?: ReadyWhen): Promise<TapFigures> {
  await target.scrollIntoViewIfNeeded();
  const mark = await page.evaluate(() => performance.now());
  const readyAt = ready
    ? page.evaluate((when) => {
        const shown = (el: Element | null): el is HTMLElement =>
          !!el &&
          (el as HTMLElement).getClientRects().length > 0 &&
          getComputedStyle(el).visibility !== 'hidden';
        const usable = () =>
          Array.from(document.querySelectorAll(when.selector)).some(
            (el) =>
              shown(el) &&
              (!when.text || (el.textContent ?? '').includes(when.text)) &&
              (!when.field ||
                Array.from(
                  el.querySelectorAll('input:not([type=hidden]):not([disabled]):not([readonly])'),
                ).some(shown)) &&
              (!when.button ||
                Array.from(el.querySelectorAll('button')).some(
                  (b) => shown(b) && (b.textContent ?? '').includes(when.button!),
                )),
          );
        return new Promise<number>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`not ready in 30 s: ${JSON.stringify(when)}`)),
            30_000,
          );
          const frame = (now: number) => {
            if (window.__taps!.down > 0 && usable()) {
              clearTimeout(timer);
              resolve(now - window.__taps!.down);
            } else requestAnimationFrame(frame);
          };
          window.__taps!.down = 0;
          requestAnimationFrame(frame);
        });
      }, ready)
    : undefined;
  await page.evaluate(() => (window.__taps!.down = 0));
  await target.tap();
  const readyMs = readyAt ? await readyAt : undefined;
  // Event Timing reports an interaction after its next paint: wait out a few frames.
  const paint = await page.evaluate(async (since) => {
    const frames = (n: number) =>
      new Promise<void>((resolve) => {
        const step = () => (n-- <= 0 ? resolve() : requestAnimationFrame(step));
        requestAnimationFrame(step);
      });
    const of = () => window.__taps!.entries.filter((e) => e.start >= since && e.interaction > 0);
    for (let i = 0; i < 10 && of().length === 0; i++) await frames(3);
    const entries = of();
    if (entries.length === 0) return 16; // no entry: the interaction took under the 16 ms threshold
    const first = entries[0]!.interaction;
    return Math.max(...entries.filter((e) => e.interaction === first).map((e) => e.duration));
  }, mark);
  return { paint, ready: readyMs === undefined ? undefined : Math.round(readyMs) };
}

/**
 * Lighthouse's CPU benchmark (lighthouse/core/lib/page-functions.js `computeBenchmarkIndex`, Apache-2.0),
 * run in the page: its index is what bench/lighthouse/calibration.ts calibrates the phone with.
 */
export function computeBenchmarkIndex(): number {
  function benchmarkIndexGC() {
    const start = Date.now();
    let iterations = 0;
    while (Date.now() - start < 500) {
      let s = '';
      for (let j = 0; j < 10000; j++) s += 'a';
      if (s.length === 1) throw new Error('will never happen, but prevents compiler optimizations');
      iterations++;
    }
    const durationInSeconds = (Date.now() - start) / 1000;
    return Math.round(iterations / 10 / durationInSeconds);
  }
  function benchmarkIndexNoGC() {
    const arrA: number[] = [];
    const arrB: number[] = [];
    for (let i = 0; i < 100000; i++) arrA[i] = arrB[i] = i;
    const start = Date.now();
    let iterations = 0;
    while (iterations % 10 !== 0 || Date.now() - start < 500) {
      const src = iterations % 2 === 0 ? arrA : arrB;
      const tgt = iterations % 2 === 0 ? arrB : arrA;
      for (let j = 0; j < src.length; j++) tgt[j] = src[j]!;
      iterations++;
    }
    const durationInSeconds = (Date.now() - start) / 1000;
    return Math.round(iterations / 10 / durationInSeconds);
  }
  return (benchmarkIndexGC() + benchmarkIndexNoGC()) / 2;
}

/**
 * The CDP CPU slowdown that makes this host the budgets' phone (Lighthouse's 4× on a host of benchmark
 * index 2000, bench/lighthouse/calibration.ts): the host's index measured unthrottled in `page`, never
 * below 1×. `fixed` (e.g. CPU_RATE=4) skips the calibration.
 */
export async function calibratedRate(page: Page, fixed?: number): Promise<{ rate: number; index?: number }> {
  if (fixed) return { rate: fixed };
  const index = await page.evaluate(computeBenchmarkIndex);
  return { rate: cpuMultiplierFor(index), index };
}

export async function throttleCpu(cdp: CDPSession, rate: number): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}
