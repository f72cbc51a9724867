/**
 * Lighthouse mobile (simulated slow 4G; the CPU of calibration.ts's phone): issue 15's goals, the budgets the
 * `--check` gate holds today, and the tolerance it allows on the median of the runs.
 */
export interface PageBudget {
  /** Performance score, 0–100. */
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's accessibility score, 0–100: computed from the page, not timed, so no tolerance. */
  accessibility?: number;
}

const signedInGoal: PageBudget = { performance: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1 };

/** Issue 15's goals: reported on every run; not all met in every run yet, so not what fails the gate. */
export const goals = {
  login: { performance: 95, lcpMs: 2500, tbtMs: 200, cls: 0.1 },
  /** The drivers' public booking page `/book/{code}` (issue 37): performance and accessibility ≥ 95. */
  booking: { performance: 95, lcpMs: 2500, tbtMs: 200, cls: 0.1, accessibility: 95 },
  calendar: signedInGoal,
  dashboard: signedInGoal,
} satisfies Record<string, PageBudget>;

/**
 * What the gate holds, for the phone of calibration.ts (benchmark index 500: Lighthouse's 4× below a host
 * of 2000), so the same build gets the same verdict on a fast host and a slow one (issue 35).
 *
 * Before issue 35 the gate held 85 and 82 with TBT 600 ms at a fixed 4×, set where CI's hosts measured
 * 94–97 (TBT 119–184 ms); a slower host of the same kind measured the same build 71 and 68 (TBT 1.1 and
 * 1.8 s, CPU index 1 046–1 551), and the development host 80–84 and 77–81: the verdict was the host's.
 * On the calibrated phone, medians of 5 on the development host (CPU index 1 650–2 700):
 * - quiet: calendar 84 (TBT 547 ms, LCP 2.42 s), dashboard 77 (742 ms, 2.62 s);
 * - a CPU burner on one of the 2 cores: calendar 79 (660 ms, 2.62 s), dashboard 73 (978 ms, 2.61 s).
 * The gates leave the room the old ones left above their host's medians (≈ 7–10 points, ≈ 400 ms of
 * TBT), no more: a fixed 300 ms of work planted on the calendar's first render adds ≈ 1.2 s of TBT on this
 * phone and fails them on a quiet host and a busy one alike (README, «Budgets and tolerance»). LCP keeps
 * 3.0 s: it is the network part of the simulation, which no host moves (2.38–2.90 s in every run).
 * Issue 40 took three tasks out of a station page's arrival (docs/decisions.md): medians of 5 on the same
 * host, before → after, calendar 78 → 84 (TBT 795 → 497 ms), dashboard 74 → 86 (907 → 411 ms), medians of 3
 * between 81 and 88 and between 79 and 87 over the session; the gates rose by the same room as before.
 * Then V8's compile hint on the daily routes' files (apps/web/build/compile-hints.ts), medians of 5 on the
 * same host: calendar 89–90 (TBT 293–322 ms), dashboard 85–88 (340–422 ms); the gates rose to 80 and 78,
 * TBT 750 and 800 ms, the same room again.
 * Then the build's brotli files and no popover, tooltip or badge mounted on a phone's first screen (the
 * updates inside the page's commit, README): medians of 5, calendar 93 and 93 (TBT 266 and 241 ms, LCP
 * 2.28–2.32 s), dashboard 93 and 91 (251 and 324 ms); the gates rose to 83 and 82, TBT 650 and 700 ms.
 * Raise them as the pages get faster, never lower them.
 */
export const budgets = {
  login: goals.login,
  booking: goals.booking,
  calendar: { performance: 83, lcpMs: 3_000, tbtMs: 650, cls: 0.1 },
  dashboard: { performance: 82, lcpMs: 3_000, tbtMs: 700, cls: 0.1 },
} satisfies Record<keyof typeof goals, PageBudget>;

/**
 * The same gate over plain HTTP/1.1 (`run.ts --protocols h2,h1`, issue 40): what `npm start` serves without a
 * certificate, six connections to the host, so each of the calendar's ≈ 30 files waits its turn in a queue
 * of 150 ms trips on the simulated slow 4G. LCP is the figure that differs (≈ 4 s against ≈ 2.7 s over
 * HTTP/2, same build, same session); TBT is the same work on the same phone. The login and booking pages are
 * not measured in that pass. Figures in README («Over HTTP/1.1 as well»). After issue 40's arrival changes,
 * medians of 3: calendar 69–72, dashboard 65–75; with the compile hint, calendar 75–80 (TBT 285–433 ms) and
 * dashboard 74–80 (345–476 ms), medians of 3 and 5. With the brotli files and the first screens' updates
 * out of the page's commit, medians of 3: calendar 86 and 87 (TBT 262 and 224 ms, LCP 3.27 and 3.36 s),
 * dashboard 88 and 86 (199 and 233 ms, 3.30 and 3.34 s); the gates rose to 76, TBT 750 ms, LCP 4.0 s.
 */
export const budgetsHttp1 = {
  login: goals.login,
  booking: goals.booking,
  calendar: { performance: 76, lcpMs: 4_000, tbtMs: 750, cls: 0.1 },
  dashboard: { performance: 76, lcpMs: 4_000, tbtMs: 750, cls: 0.1 },
} satisfies Record<keyof typeof goals, PageBudget>;

/**
 * What the gate forgives on a median (see README «Tolerance»). The simulated metrics are computed from the
 * trace of one real load, so CPU noise of a shared 2-core machine moves TBT and, through it, the score;
 * LCP moves with the observed server response time. CLS comes from layout, not timing: no tolerance.
 */
export const tolerance = { performance: 2, lcpMs: 150, tbtMs: 50, cls: 0 };

export type PageName = keyof typeof budgets;

export interface PageMedians {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility?: number;
}

/** The lines of a budget (the gate's by default) a page's medians break, with the tolerance; empty when it passes. */
export function budgetFailures(
  page: PageName,
  medians: PageMedians,
  budget: PageBudget = budgets[page],
): string[] {
  const failures: string[] = [];
  if (medians.performance < budget.performance - tolerance.performance) {
    failures.push(
      `performance ${medians.performance} < ${budget.performance} (−${tolerance.performance} tolerance)`,
    );
  }
  if (medians.lcpMs > budget.lcpMs + tolerance.lcpMs) {
    failures.push(
      `LCP ${Math.round(medians.lcpMs)} ms > ${budget.lcpMs} ms (+${tolerance.lcpMs} ms tolerance)`,
    );
  }
  if (medians.tbtMs > budget.tbtMs + tolerance.tbtMs) {
    failures.push(
      `TBT ${Math.round(medians.tbtMs)} ms > ${budget.tbtMs} ms (+${tolerance.tbtMs} ms tolerance)`,
    );
  }
  if (medians.cls > budget.cls + tolerance.cls) {
    failures.push(`CLS ${medians.cls.toFixed(3)} > ${budget.cls}`);
  }
  if (budget.accessibility !== undefined && (medians.accessibility ?? 0) < budget.accessibility) {
    failures.push(`accessibility ${medians.accessibility ?? 'not measured'} < ${budget.accessibility}`);
  }
  return failures;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
