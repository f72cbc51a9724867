/**
 * Lighthouse mobile (default simulated throttling: slow 4G, 4× CPU): issue 15's goals, the budgets the
 * `--check` gate holds today, and the tolerance it allows on the median of the runs.
 */
export interface PageBudget {
  /** Performance score, 0–100. */
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const signedInGoal: PageBudget = { performance: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1 };

/** Issue 15's goals: reported on every run; not met yet, so not what fails the gate. */
export const goals = {
  login: { performance: 95, lcpMs: 2500, tbtMs: 200, cls: 0.1 },
  calendar: signedInGoal,
  dashboard: signedInGoal,
} satisfies Record<string, PageBudget>;

/**
 * What the gate holds: the medians measured when it was set (login 61–65, calendar 35–36, dashboard 20–21,
 * 34 once the phone's overview stopped shifting (CLS 0.262 → 0) on quiet 2-core machines, CPU index ≈ 2 400) with room for a slower host. LCP and TBT of the signed-in
 * pages swing by seconds between runs at 4× CPU (calendar TBT 6.0–11.1 s), so their limits are wide and
 * the score carries the ratchet: raise it as the pages get faster, never lower it. CLS keeps the goal where
 * the page already meets it.
 */
export const budgets = {
  login: { performance: 55, lcpMs: 5_000, tbtMs: 1_800, cls: 0.1 },
  calendar: { performance: 28, lcpMs: 20_000, tbtMs: 18_000, cls: 0.1 },
  dashboard: { performance: 26, lcpMs: 22_000, tbtMs: 20_000, cls: 0.1 },
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
  return failures;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
