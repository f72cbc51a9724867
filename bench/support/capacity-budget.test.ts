import { describe, expect, it } from 'vitest';
import { capacityVerdict, type CheckRun } from './capacity-budget';

const runs = (cpu: number[], p99: number[], failed: boolean[] = cpu.map(() => false)): CheckRun[] =>
  cpu.map((c, i) => ({ cpuMsPerScreenMinute: c, p99Ms: p99[i]!, failed: failed[i]! }));

// Measured on the development host: the product, then the raw baseline, 5 runs of 2000 screens each.
const product = runs([14.32, 12.87, 13.43, 13.26, 14.0], [727, 227, 182, 56.2, 209]);
const raw = runs([5.87, 6.0, 6.47, 5.79, 6.62], [80.3, 32.1, 103, 34.2, 67.1]);

describe('the capacity check’s verdict', () => {
  it('passes the product as measured, though its p99 missed the absolute goal that run', () => {
    const verdict = capacityVerdict(product, raw);
    expect(verdict.ok).toBe(true);
    expect(verdict.lines.join('\n')).toContain('goal not met (209 ms)');
  });

  it('is the same on a host twice as slow: both sides cost and wait twice as much', () => {
    const twice = (r: CheckRun[]) =>
      r.map((x) => ({ ...x, cpuMsPerScreenMinute: 2 * x.cpuMsPerScreenMinute, p99Ms: 2 * x.p99Ms }));
    const verdict = capacityVerdict(twice(product), twice(raw));
    expect(verdict.ok).toBe(true);
    expect(verdict.lines.join('\n')).toContain('goal not met');
  });

  it('fails a product that costs the server a third more per screen', () => {
    const dearer = product.map((r) => ({ ...r, cpuMsPerScreenMinute: r.cpuMsPerScreenMinute * 1.35 }));
    const verdict = capacityVerdict(dearer, raw);
    expect(verdict.ok).toBe(false);
    expect(verdict.lines[0]).toMatch(/^OVER BUDGET: CPU per screen·min/);
  });

  it('prints the read p99 beside the verdict without gating it: a burdened host’s p99, same verdict', () => {
    // The burner run of 28 November: the product near its saturation, the baseline far from its own.
    const burdened = product.map((r, i) => ({ ...r, p99Ms: [310, 379, 208, 311, 127][i]! }));
    const verdict = capacityVerdict(burdened, raw);
    expect(verdict.ok).toBe(true);
    expect(verdict.lines.join('\n')).toMatch(
      /read p99 \(printed, not gated[^\n]*product 310 ms, raw baseline 67\.1 ms/,
    );
  });

  it('fails when most runs lost requests or streams, whatever the ratios', () => {
    const failing = runs([13, 13, 13, 13, 13], [50, 50, 50, 50, 50], [true, true, true, false, false]);
    const verdict = capacityVerdict(failing, raw);
    expect(verdict.ok).toBe(false);
    expect(verdict.lines.join('\n')).toContain('failed requests or streams: 3 of 5');
  });
});
