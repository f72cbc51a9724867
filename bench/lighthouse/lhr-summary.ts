/**
 * What one Lighthouse result says about a page: the budgeted metrics, the two other category scores, and
 * the diagnostics the lead acts on (LCP element and its phases, render-blocking files, unused JS, long
 * tasks, the biggest savings).
 */
import type { Result } from 'lighthouse';

export interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  /**
   * LCP as this machine painted it, without throttling. Lantern's simulated LCP counts every request and
   * task that started before it; a later paint of the same page (a delayed modal) shows here first.
   */
  observedLcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
  /**
   * This machine's CPU speed around the run (Lighthouse's benchmark before and after the load, see
   * calibration.ts); a loaded machine scores low.
   */
  benchmarkIndex: number;
  /** The CPU slowdown the run was audited with: the one that makes this host the budgets' phone. */
  cpuMultiplier: number;
}

type Item = Record<string, unknown>;

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? NaN;

const observed = (lhr: Result, metric: string) => {
  const items = (lhr.audits.metrics?.details as { items?: Record<string, unknown>[] } | undefined)?.items;
  const value = items?.[0]?.[metric];
  return typeof value === 'number' ? value : NaN;
};

export function figuresOf(lhr: Result): RunFigures {
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    observedLcpMs: observed(lhr, 'observedLargestContentfulPaint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    cpuMultiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier ?? NaN,
  };
}

/** The rows of an audit's table or list (nested tables of a list are flattened). */
function itemsOf(lhr: Result, audit: string): Item[] {
  const details = lhr.audits[audit]?.details as { type?: string; items?: unknown[] } | undefined;
  if (!details?.items) return [];
  if (details.type === 'list') {
    return details.items.flatMap((sub) => ((sub as { items?: Item[] }).items ?? []) as Item[]);
  }
  return details.items as Item[];
}

/** A URL without the origin, so hashed asset names stay readable. */
function shortUrl(value: unknown, origin: string): string {
  const text = typeof value === 'string' ? value : typeof value === 'object' && value ? 'node' : '?';
  return text.startsWith(origin) ? text.slice(origin.length) || '/' : text;
}

/** A node label on one line (labels keep the text's line breaks). */
const oneLine = (text: string | undefined) => (text ?? '?').replace(/\s+/g, ' ').trim();
const kb = (bytes: unknown) => `${(Number(bytes) / 1024).toFixed(1)} KB`;
const ms = (value: unknown) => `${Math.round(Number(value))} ms`;

/** Short text lines for the diagnostics of one run (the median run of a page). */
export function diagnosticsOf(lhr: Result): string[] {
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const lines: string[] = [];
  const cpu = `${lhr.configSettings.throttling.cpuSlowdownMultiplier}× CPU`;

  const lcpNode = itemsOf(lhr, 'largest-contentful-paint-element')
    .map((item) => item.node as { snippet?: string; nodeLabel?: string } | undefined)
    .find((node) => node !== undefined);
  if (lcpNode) lines.push(`LCP element: «${oneLine(lcpNode.nodeLabel)}» ${lcpNode.snippet ?? ''}`);
  const phases = itemsOf(lhr, 'largest-contentful-paint-element').filter((item) => 'phase' in item);
  if (phases.length > 0) {
    lines.push(`LCP phases: ${phases.map((p) => `${String(p.phase)} ${ms(p.timing)}`).join(', ')}`);
  }

  const shifts = itemsOf(lhr, 'layout-shifts')
    .slice(0, 3)
    .map((shift) => {
      const node = shift.node as { nodeLabel?: string; selector?: string } | undefined;
      return `${Number(shift.score).toFixed(3)} «${oneLine(node?.nodeLabel)}» (${node?.selector ?? ''})`;
    });
  if (shifts.length > 0) lines.push(`layout shifts: ${shifts.join(', ')}`);

  const blocking = itemsOf(lhr, 'render-blocking-resources');
  lines.push(
    blocking.length === 0
      ? 'render-blocking: none'
      : `render-blocking: ${blocking.map((b) => `${shortUrl(b.url, origin)} (${kb(b.totalBytes)}, ${ms(b.wastedMs)})`).join(', ')}`,
  );

  const unused = itemsOf(lhr, 'unused-javascript')
    .slice(0, 5)
    .map((u) => `${shortUrl(u.url, origin)} ${kb(u.wastedBytes)} of ${kb(u.totalBytes)}`);
  const unusedTotal = itemsOf(lhr, 'unused-javascript').reduce((sum, u) => sum + Number(u.wastedBytes), 0);
  lines.push(`unused JS ${kb(unusedTotal)} (transfer): ${unused.join(', ') || 'none'}`);

  const longTasks = itemsOf(lhr, 'long-tasks');
  lines.push(
    `long tasks (${longTasks.length}, ${cpu}): ` +
      longTasks
        .slice(0, 6)
        .map((t) => `${shortUrl(t.url, origin)} ${ms(t.duration)} at ${ms(t.startTime)}`)
        .join(', '),
  );

  const bootup = itemsOf(lhr, 'bootup-time')
    .slice(0, 4)
    .map((b) => `${shortUrl(b.url, origin)} ${ms(b.total)} (script ${ms(b.scripting)})`);
  lines.push(`JS execution (${cpu}): ${bootup.join(', ')}`);

  const work = itemsOf(lhr, 'mainthread-work-breakdown')
    .slice(0, 4)
    .map((w) => `${String(w.groupLabel ?? w.group)} ${ms(w.duration)}`);
  lines.push(`main thread (${cpu}): ${work.join(', ')}`);

  const requests = itemsOf(lhr, 'network-requests');
  const bytes = requests.reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0);
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const scriptBytes = scripts.reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0);
  lines.push(
    `network: ${requests.length} requests, ${kb(bytes)} transferred; ${scripts.length} scripts ${kb(scriptBytes)}`,
  );

  // Every audit that estimates a saving, biggest first (the «Opportunities» of the report).
  const savings = Object.values(lhr.audits)
    .map((audit) => ({
      title: audit.title,
      ms: audit.metricSavings?.LCP ?? 0,
      overallMs: (audit.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs ?? 0,
      score: audit.score,
    }))
    .filter((a) => (a.overallMs > 0 || a.ms > 0) && a.score !== null && a.score < 1)
    .sort((a, b) => Math.max(b.overallMs, b.ms) - Math.max(a.overallMs, a.ms))
    .slice(0, 5)
    .map((a) => `${a.title} ≈ ${ms(Math.max(a.overallMs, a.ms))}`);
  lines.push(`opportunities: ${savings.join('; ') || 'none'}`);

  const failed = (category: string) =>
    lhr.categories[category]?.auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id) ?? [];
  const a11y = failed('accessibility');
  const practices = failed('best-practices');
  if (a11y.length > 0) lines.push(`accessibility fails: ${a11y.join(', ')}`);
  if (practices.length > 0) lines.push(`best-practices fails: ${practices.join(', ')}`);
  return lines;
}
