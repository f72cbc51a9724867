/**
 * The verdict of `bench:capacity --check` (issue 35): the same on every host of the project's kind, fast
 * or slow, quiet or busy. The product and the raw baseline (pg + node:http replaying the product's own SQL,
 * bench/capacity-baseline.ts) carry the same 2000 open screens on the same PostgreSQL in the same run, and
 * the gate holds the product to ratios of the baseline:
 * - CPU per screen·minute of the server process: what one open screen costs the server. A host twice as
 *   slow doubles both sides; a slower product raises only its own. The database's share is left out: it
 *   runs the same SQL for both (the baseline replays the product's), and its background work after the
 *   seed (autovacuum, checkpoints) moved it 2–12 ms per screen·min from one 10 s run to the next.
 * - failed requests and lost streams: none allowed in most runs, on any host.
 * The read p99's ratio is printed, not gated: at a fixed 2000 screens it measures how near each side is to
 * its own saturation, and the product, which spends 2.4× the baseline's CPU per screen, gets nearer first
 * on a slower host. Measured in turns on clean clones of one commit: 2.38× on a quiet host, 8.07× with a
 * CPU burner on one of the two cores (product 127–379 ms, baseline 31.8–95.4 ms), while the CPU ratio read
 * 2.44× and 2.50×. A gate on it gave a host's verdict, not the product's (issue 35).
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
 * The gate's limit. On the development host (2 cores, runs of 10 s) the product's server spent 2.20–2.24×
 * the baseline's CPU per screen·minute (runs within ±5 %, the same with a CPU burner on one core); measured
 * in turns (bench/capacity.ts), 2.44× on a quiet CI host and 2.50× with the burner. The limit fails a
 * product a quarter dearer per screen than today's.
 */
export const limits = { cpuRatio: 3 };

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
      ok: failedRuns <= Math.floor(product.length / 2),
      line: `product runs with failed requests or streams: ${failedRuns} of ${product.length} (at most half)`,
    },
  ];
  const ok = checks.every((c) => c.ok);
  return {
    ok,
    lines: [
      ...checks.map((c) => `${c.ok ? 'within budget' : 'OVER BUDGET'}: ${c.line}`),
      `read p99 (printed, not gated: it depends on the host): product ${ms(p99)} ms, raw baseline ` +
        `${ms(rawP99)} ms — ${p99Ratio.toFixed(2)}× (runs ${product.map((r) => ms(r.p99Ms)).join(', ')} ` +
        `against ${raw.map((r) => ms(r.p99Ms)).join(', ')})`,
      `goal (issue 15, not gated: it depends on the host): read p99 < ${P99_GOAL_MS} ms — ` +
        `${p99 < P99_GOAL_MS ? 'met' : 'goal not met'} (${ms(p99)} ms)`,
      `budget: ${ok ? 'met' : 'EXCEEDED'}`,
    ],
  };
}
