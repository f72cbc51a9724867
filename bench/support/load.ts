import autocannon, { type Request, type Result } from 'autocannon';

export interface LoadOptions {
  connections: number;
  duration: number;
  warmup: number;
}

export interface Measured {
  call: string;
  database: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  errors: number;
}

/**
 * A short warm-up (discarded), then the measured run. Req/s is completed responses over the run's
 * duration, whatever their status; the status counts say how many were what.
 */
export async function measure(
  url: string,
  request: Request,
  options: LoadOptions,
  label: { call: string; database: string },
): Promise<Measured> {
  const run = (duration: number): Promise<Result> =>
    autocannon({ url, connections: options.connections, duration, requests: [request], timeout: 30 });
  if (options.warmup > 0) await run(options.warmup);
  const result = await run(options.duration);
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
  );
  const completed = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    ...label,
    reqPerSec: completed / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors + result.timeouts,
  };
}

const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);

/** The closing table: one row per call and database, with the ratio to the raw baseline's req/s. */
export function table(rows: Measured[], baselineName: string): string {
  const lines = [
    `${pad('call', 16)}${pad('database', 22)}${lpad('req/s', 9)}${lpad('p50 ms', 9)}${lpad('p99 ms', 9)}` +
      `${lpad('vs raw', 9)}  statuses`,
  ];
  for (const row of rows) {
    const base = rows.find((r) => r.call === row.call && r.database === baselineName);
    const ratio = base && row !== base ? `${((row.reqPerSec / base.reqPerSec) * 100).toFixed(0)} %` : '';
    const statuses = Object.entries(row.statuses)
      .map(([code, n]) => `${code}: ${n}`)
      .join(', ');
    lines.push(
      `${pad(row.call, 16)}${pad(row.database, 22)}${lpad(row.reqPerSec.toFixed(0), 9)}` +
        `${lpad(row.p50.toFixed(0), 9)}${lpad(row.p99.toFixed(0), 9)}${lpad(ratio, 9)}  ${statuses}` +
        (row.errors ? `, errors/timeouts: ${row.errors}` : ''),
    );
  }
  return lines.join('\n');
}
