import { median } from './budgets';

/**
 * The same simulated phone on every host (issue 35). Lighthouse's simulated throttling multiplies the CPU
 * time the host really spent by `cpuSlowdownMultiplier` (4 by default), so a host half as fast simulates a
 * phone half as fast: the same build scored 95–97 on one CI host and 68–71 on a slower one of the same kind.
 * Lighthouse's documented remedy (docs/throttling.md, «Calibrating the CPU slowdown») is a multiplier
 * proportional to the host's `benchmarkIndex`: a slow host is throttled less, a fast one more, and every
 * host lands on the same phone.
 *
 * The phone is the one the budgets were set on: Lighthouse's 4× on a host of REFERENCE_BENCHMARK_INDEX.
 * Each run measures the host twice around its page load (Lighthouse's own benchmark before navigating,
 * the same benchmark again in the same tab after it). A pass of runs is audited with the multiplier of the
 * median of all its samples (`passBenchmarkIndex`), not each run with its own: from minute to minute the
 * benchmark moves about four times as much as the page's own work does (README, «One host index a pass»).
 */
/** Lighthouse's default CPU slowdown, the one the budgets were measured with. */
export const DEFAULT_MULTIPLIER = 4;

/**
 * The host Lighthouse's default 4× is made for: the top of its «high-end desktop» bracket (benchmark index
 * 1 500–2 000, docs/throttling.md), which 4× moves into the «mid-tier mobile» one (125–800). The project's
 * 2-core machines measure 1 000–2 800 from run to run, so each run is calibrated on its own.
 */
export const REFERENCE_BENCHMARK_INDEX = 2000;

/** The phone every run simulates: Lighthouse's 4× below the reference host. */
export const PHONE_BENCHMARK_INDEX = REFERENCE_BENCHMARK_INDEX / DEFAULT_MULTIPLIER;

/**
 * The slowdown that makes a host of `benchmarkIndex` the budgets' phone. Below 1 (a host slower than the
 * phone) Lantern would speed the trace up, which it was not made for: such a host cannot measure the phone,
 * and the run says so (`hostTooSlow`).
 */
export function cpuMultiplierFor(benchmarkIndex: number): number {
  if (!(benchmarkIndex > 0)) throw new Error(`no benchmark index to calibrate with: ${benchmarkIndex}`);
  return Math.max(1, benchmarkIndex / PHONE_BENCHMARK_INDEX);
}

export const hostTooSlow = (benchmarkIndex: number) => benchmarkIndex < PHONE_BENCHMARK_INDEX;

/** The host's index for one run: the mean of the benchmark before and after its page load. */
export function runBenchmarkIndex(before: number, after: number): number {
  return (before + after) / 2;
}

/**
 * The host's index for a pass of runs: the median of every benchmark the pass took (two a run). Within one
 * pass a run's own index spread 1.36× (median over 126 passes) while its unthrottled main-thread work
 * moved with it at an elasticity of only −0.2: a run's own multiplier mostly scaled the benchmark's noise
 * into the simulated phone (a run that read 2 122 was audited at 4.2× and measured TBT 646 ms where its
 * pass's others measured 236–455). The median leaves a single burst out.
 */
export function passBenchmarkIndex(samples: readonly number[]): number {
  if (samples.length === 0 || !samples.every((sample) => sample > 0)) {
    throw new Error(`no benchmark samples to calibrate with: [${samples.join(', ')}]`);
  }
  return median([...samples]);
}
