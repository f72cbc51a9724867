/**
 * The verdict of `bench:capacity --check` (issue 35): the same on every host of the project's kind, fast
 * or slow, quiet or busy. The product and the raw baseline (pg + node:http replaying the product's own SQL,
 * bench/capacity-baseline.ts) carry the same 2000 open screens on the same PostgreSQL in the same run, and
 * the gate holds the product to ratios of the baseline:
 * - CPU per screen·minute of the server process: what one open screen costs the server. A host twice as
 *   slow doubles both sides; a slower product raises only its own. The database's share is left out: it
 *   runs the same SQL for both (the baseline replays the product's), and its background work after the
 *   seed (autovacuum, checkpoints) moved it 2–12 ms per screen·min from one 10 s run to the next.
 * - read p99: the wait a screen sees, which a slower host or a busy neighbour lengthens for both sides.
 * - failed requests and lost streams: none allowed in most runs, on any host.
 * The absolute goal (2000 screens at read p99 < 200 ms, issue 15) is printed every run and flagged «goal
 * not met» when missed; it says as much about the host as about the product, so it no longer fails CI.
 */

export interface CheckRun {
  p99Ms: number;
  cpuMsPerScreenMinute: number;
  /** Failed requests over the allowed share, or a stream that did not open. */
  failed: boolean;
}

/** The absolute aim, printed: 2000 screens with the reads' p99 under this. */
export const P99_GOAL_MS = 200;

/**
 * The gate's limits. On the development host (2 cores, runs of 10 s) the product's server spent 2.20–2.24×
 * the baseline's CPU per screen·minute (runs within ±5 %, the same with a CPU burner on one core), and its
 * median read p99 was 2.8–4.9× the baseline's, with single runs of either from 22 to 727 ms. The CPU limit
 * fails a product a third dearer per screen; the p99 limit, one whose reads wait ≈ 250 ms more at the p99.
 * Those runs came one side after the other, and one quiet CI run failed the p99 limit at 8.07× (product
 * 517 … 132 ms first, baseline 37–40 ms after). Measured in turns since (bench/capacity.ts), a quiet CI run
 * gave CPU 2.44× and read p99 2.38×, its spikes (201, 373 ms; 98.7 on the baseline) on both sides.
 */
export const limits = { cpuRatio: 3, p99Ratio: 6 };

export interface CapacityVerdict {
  ok: boolean;
  lines: string[];
}

/** The median of a few runs (the middle one of an odd count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

export function capacityVerdict(product: CheckRun[], raw: CheckRun[]): CapacityVerdict {
  const p99 = median(product.map((r) => r.p99Ms));
  const rawP99 = median(raw.map((r) => r.p99Ms));
  const cpu = median(product.map((r) => r.cpuMsPerScreenMinute));
  const rawCpu = median(raw.map((r) => r.cpuMsPerScreenMinute));
  const cpuRatio = cpu / rawCpu;
  // A baseline p99 under a millisecond would make any product look slow: 1 ms is the floor.
  const p99Ratio = p99 / Math.max(1, rawP99);
  const failedRuns = product.filter((r) => r.failed).length;
  const checks = [
    {
      ok: cpuRatio <= limits.cpuRatio,
      line:
        `CPU per screen·min: product ${cpu.toFixed(2)} ms, raw baseline ${rawCpu.toFixed(2)} ms — ` +
        `${cpuRatio.toFixed(2)}× (limit ${limits.cpuRatio}×; runs ${product.map((r) => r.cpuMsPerScreenMinute.toFixed(2)).join(', ')} ` +
        `against ${raw.map((r) => r.cpuMsPerScreenMinute.toFixed(2)).join(', ')})`,
    },
    {
      ok: p99Ratio <= limits.p99Ratio,
      line:
        `read p99: product ${ms(p99)} ms, raw baseline ${ms(rawP99)} ms — ${p99Ratio.toFixed(2)}× ` +
        `(limit ${limits.p99Ratio}×; runs ${product.map((r) => ms(r.p99Ms)).join(', ')} against ` +
        `${raw.map((r) => ms(r.p99Ms)).join(', ')})`,
    },
    {
      ok: failedRuns <= Math.floor(product.length / 2),
      line: `product runs with failed requests or streams: ${failedRuns} of ${product.length} (at most half)`,
    },
  ];
  const ok = checks.every((c) => c.ok);
  return {
    ok,
    lines: [
      ...checks.map((c) => `${c.ok ? 'within budget' : 'OVER BUDGET'}: ${c.line}`),
      `goal (issue 15, not gated: it depends on the host): read p99 < ${P99_GOAL_MS} ms — ` +
        `${p99 < P99_GOAL_MS ? 'met' : 'goal not met'} (${ms(p99)} ms)`,
      `budget: ${ok ? 'met' : 'EXCEEDED'}`,
    ],
  };
}
