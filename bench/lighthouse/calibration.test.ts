import { describe, expect, it } from 'vitest';
import { budgetFailures } from './budgets';
import {
  cpuMultiplierFor,
  hostTooSlow,
  PHONE_BENCHMARK_INDEX,
  passBenchmarkIndex,
  REFERENCE_BENCHMARK_INDEX,
  runBenchmarkIndex,
} from './calibration';

describe('the CPU slowdown of the calibrated phone', () => {
  it('is Lighthouse’s 4× on the reference host, less on a slower one and more on a faster one', () => {
    expect(cpuMultiplierFor(REFERENCE_BENCHMARK_INDEX)).toBe(4);
    expect(cpuMultiplierFor(1_000)).toBe(2);
    expect(cpuMultiplierFor(2_600)).toBeCloseTo(5.2);
  });

  it('makes every host the same phone: observed task time × slowdown does not depend on the host', () => {
    // A task of fixed work takes 100 ms on the reference host, 2.6× as long on a host 2.6× slower.
    const onReference = 100 * cpuMultiplierFor(REFERENCE_BENCHMARK_INDEX);
    const slowIndex = REFERENCE_BENCHMARK_INDEX / 2.6;
    expect(100 * 2.6 * cpuMultiplierFor(slowIndex)).toBeCloseTo(onReference);
  });

  it('never speeds a trace up: a host slower than the phone is audited at 1× and said to be', () => {
    expect(cpuMultiplierFor(PHONE_BENCHMARK_INDEX / 2)).toBe(1);
    expect(hostTooSlow(PHONE_BENCHMARK_INDEX / 2)).toBe(true);
    expect(hostTooSlow(PHONE_BENCHMARK_INDEX)).toBe(false);
  });

  it('takes the mean of the benchmark before and after the load, and refuses a missing one', () => {
    expect(runBenchmarkIndex(1_600, 2_400)).toBe(2_000);
    expect(() => cpuMultiplierFor(Number.NaN)).toThrow();
    expect(() => cpuMultiplierFor(0)).toThrow();
  });

  it('calibrates a pass on the median of all its samples, which a burst in one run does not move', () => {
    // CI's calendar pass on 1 December: runs' own indices 1 892, 2 122, 2 334, 1 728 and 1 191.
    const quiet = [1_850, 1_934, 2_100, 2_144, 1_700, 1_756, 1_180, 1_202, 1_880, 1_900];
    expect(passBenchmarkIndex(quiet)).toBe(1_865);
    // One run's two samples read twice as fast: the pass's phone stays the same within 2 %.
    const burst = [...quiet.slice(0, 8), 3_800, 3_900];
    expect(passBenchmarkIndex(burst) / passBenchmarkIndex(quiet)).toBeCloseTo(1, 1);
    expect(cpuMultiplierFor(passBenchmarkIndex(burst))).toBeLessThan(4);
    expect(passBenchmarkIndex([1_500])).toBe(1_500);
    expect(passBenchmarkIndex([1_200, 1_800, 1_500])).toBe(1_500);
  });

  it('refuses a pass with no sample or a failed one', () => {
    expect(() => passBenchmarkIndex([])).toThrow();
    expect(() => passBenchmarkIndex([1_500, Number.NaN])).toThrow();
    expect(() => passBenchmarkIndex([1_500, 0])).toThrow();
  });
});

describe('the gates on the calibrated phone (medians measured on the development host)', () => {
  it('pass the build as it is: the medians with the compile hint, the best and the worst of the session', () => {
    expect(budgetFailures('calendar', { performance: 90, lcpMs: 2_680, tbtMs: 293, cls: 0 })).toEqual([]);
    expect(budgetFailures('calendar', { performance: 89, lcpMs: 2_650, tbtMs: 322, cls: 0 })).toEqual([]);
    expect(budgetFailures('dashboard', { performance: 88, lcpMs: 2_620, tbtMs: 340, cls: 0 })).toEqual([]);
    expect(budgetFailures('dashboard', { performance: 85, lcpMs: 2_640, tbtMs: 422, cls: 0 })).toEqual([]);
  });

  it('fail the dashboard as it was before issue 40 took work out of its arrival (74, TBT 907 ms)', () => {
    const failures = budgetFailures('dashboard', { performance: 74, lcpMs: 2_690, tbtMs: 907, cls: 0 });
    expect(failures.some((f) => f.startsWith('performance'))).toBe(true);
    expect(failures.some((f) => f.startsWith('TBT'))).toBe(true);
  });

  it('fail 300 ms of work planted on the calendar’s first render, on both hosts', () => {
    const quiet = budgetFailures('calendar', { performance: 67, lcpMs: 2_430, tbtMs: 3_636, cls: 0 });
    const busy = budgetFailures('calendar', { performance: 68, lcpMs: 2_630, tbtMs: 2_520, cls: 0 });
    for (const failures of [quiet, busy]) {
      expect(failures.some((f) => f.startsWith('performance'))).toBe(true);
      expect(failures.some((f) => f.startsWith('TBT'))).toBe(true);
    }
  });
});

describe('the drivers’ booking page (issue 37)', () => {
  const measured = { performance: 100, lcpMs: 1_230, tbtMs: 0, cls: 0.02, accessibility: 100 };

  it('passes as measured (medians of 3 on the development host)', () => {
    expect(budgetFailures('booking', measured)).toEqual([]);
  });

  it('fails an accessibility score under 95, and one that was not measured', () => {
    expect(budgetFailures('booking', { ...measured, accessibility: 93 })).toEqual(['accessibility 93 < 95']);
    const { accessibility: _dropped, ...withoutIt } = measured;
    expect(budgetFailures('booking', withoutIt)).toEqual(['accessibility not measured < 95']);
  });
});
