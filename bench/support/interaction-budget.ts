/**
 * The verdict of `bench:interactions --check` (issue 40, goal 2): every daily tap painted within 200 ms of
 * the input at 4× CPU (Core Web Vitals' «good» INP, at the 75th percentile), and what a tap opens ready to
 * use within 1 s, first time after a load included. Pure functions of the measured figures.
 */

/** Input → next paint (Event Timing `duration`), p75. */
export const PAINT_BUDGET_MS = 200;
/** Tap → what it opens usable (the new-order form typeable with «Создать запись» shown), p75. */
export const READY_BUDGET_MS = 1000;

/** The 75th percentile, nearest rank (as the CrUX INP is read): the value below which 75 % of the samples lie. */
export function p75(values: readonly number[]): number {
  if (values.length === 0) throw new Error('p75 of no samples');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1]!;
}

export interface TapSamples {
  tap: string;
  /** Event Timing durations of the tap's interaction, one per run, ms. */
  paint: number[];
  /** Tap → ready, one per run, ms; empty when the tap opens nothing to wait for. */
  ready: number[];
}

export interface TapVerdict {
  tap: string;
  paintP75: number;
  readyP75?: number;
  paintOk: boolean;
  readyOk: boolean;
  ok: boolean;
}

export function tapVerdict(samples: TapSamples): TapVerdict {
  const paintP75 = p75(samples.paint);
  const readyP75 = samples.ready.length ? p75(samples.ready) : undefined;
  const paintOk = paintP75 <= PAINT_BUDGET_MS;
  const readyOk = readyP75 === undefined || readyP75 <= READY_BUDGET_MS;
  return { tap: samples.tap, paintP75, readyP75, paintOk, readyOk, ok: paintOk && readyOk };
}

/**
 * `--check`: the taps whose p75 broke a budget, each with what it broke; none means pass. `tolerance`
 * multiplies both budgets: CI gates at 2× (`--tolerance 2`), which the taps meet on a loaded 2-core host
 * while the goal itself is printed for every tap; a regression like issue 40's «Сохранить» (1 088 ms to
 * its paint) still fails.
 */
export function budgetFailures(verdicts: readonly TapVerdict[], tolerance = 1): string[] {
  const paintLimit = PAINT_BUDGET_MS * tolerance;
  const readyLimit = READY_BUDGET_MS * tolerance;
  const failures: string[] = [];
  for (const v of verdicts) {
    if (v.paintP75 > paintLimit)
      failures.push(`${v.tap}: input → paint p75 ${v.paintP75} ms > ${paintLimit} ms`);
    if (v.readyP75 !== undefined && v.readyP75 > readyLimit)
      failures.push(`${v.tap}: ready p75 ${v.readyP75} ms > ${readyLimit} ms`);
  }
  return failures;
}
