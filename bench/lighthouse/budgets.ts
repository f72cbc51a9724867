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

/** Issue 15's goals: reported on every run; not all met in every run yet, so not what fails the gate. */
export const goals = {
  login: { performance: 95, lcpMs: 2500, tbtMs: 200, cls: 0.1 },
  calendar: signedInGoal,
  dashboard: signedInGoal,
} satisfies Record<string, PageBudget>;

/**
 * What the gate holds. The login page meets its goal (100 in every run since it became a page without
 * React), so its gate is the goal. The signed-in pages do not yet: their gate is the median measured when it
 * was last raised, with room for a busy host. Since antd's built stylesheet holds the first screens'
 * components only and the push prompt and the service worker wait until the page is up (medians of 3, two
 * alternating rounds each): calendar 95, 96 (simulated LCP 2.41–2.58 → 2.37–2.42 s), dashboard 94, 93 (LCP
 * 2.55–2.61 → 2.38 s); both meet the LCP goal, so the LCP gate comes down 3.5 → 3.0 s and the scores' gates
 * go up 80, 76 → 85, 82, still ≈ 10 points under. TBT's limit comes down 3 000 → 600 ms: the medians of
 * this build were 131–163 ms (calendar) and 184–244 ms (dashboard) over five rounds here and in CI, and
 * builds of the same day before these changes 266–321 ms; a busy host has doubled TBT before, hence the
 * room. Since the dashboard went without antd's Card, Typography and
 * Select and the new-orders window without antd's Modal, committing before the page (medians of 3, two
 * alternating rounds against the build before): calendar 91, 91 (was 90, 91; simulated LCP 2.87–2.89 →
 * 2.70–2.76 s), dashboard 88, 89 (was 80, 84; LCP 3.33–3.40 → 2.70–2.71 s) on a quiet day of this machine,
 * which measured the earlier build 10 points higher than the day before; CI 93 and 92 with each API call
in a task of its own (docs/decisions.md: tried, and out until four timing-bound unit tests wait), a point
or three more than without. The gates sit ≈ 10 points under, as far as a busy host has measured below
this machine. Since the blocking window is part
 * of the arrival's first commit:
 * calendar 77–86 (median of 4 alternating loads 83 against 75 before), dashboard 71–78. Since the run serves
 * over HTTPS with HTTP/2, as a served product does: calendar 75–82, dashboard 71–77 on this 2-core machine (simulated LCP 3.0–3.1 s and 3.5–3.6 s),
 * 72 and 67 in a CI run whose TBT was twice this machine's (0.94 s); a busy host has measured 10 points under
 * this machine before (calendar 62 against 72, load average 2.6). Over HTTP/1.1 in the same session 67–70 and
 * 62–67 (LCP 4.4 s and 4.9–5.0 s); 64–69 and 59–62 before the arrival laid the page out once; 52–57 and
 * 49–52 before the daily routes' code came in few files; 48–52 and 44–46 before lazy routes stopped inserting
 * modulepreload links; 43–46 and 37–41 before the entry asked for the user and the stations; before antd's
 * built stylesheet 35–36 and 34. TBT of the signed-in pages swung between runs at 4× CPU (0.3–1.1 s, 1.6–2.8 s
 * once) with those builds, so its limit is wide and the score carries the ratchet: raise it as the pages get faster, never
 * lower it. CLS keeps the goal where the page already meets it.
 */
export const budgets = {
  login: goals.login,
  calendar: { performance: 85, lcpMs: 3_000, tbtMs: 600, cls: 0.1 },
  dashboard: { performance: 82, lcpMs: 3_000, tbtMs: 600, cls: 0.1 },
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
