/**
 * Records the statements the server sends through `pg` while it answers one request, so the raw
 * baseline (bench/api-baseline.ts) can replay exactly the same SQL — session lookup, station access,
 * the list query — without the framework around it.
 */
import pg from 'pg';

export interface RecordedStatement {
  text: string;
  values: unknown[];
  rowMode?: 'array';
}

type QueryFn = (...args: unknown[]) => unknown;

let recording: RecordedStatement[] | null = null;
let installed = false;

function install() {
  if (installed) return;
  installed = true;
  const original = pg.Client.prototype.query as unknown as QueryFn;
  (pg.Client.prototype as unknown as { query: QueryFn }).query = function (
    this: unknown,
    ...args: unknown[]
  ) {
    if (recording) {
      const [first, second] = args;
      if (typeof first === 'string') {
        recording.push({ text: first, values: Array.isArray(second) ? second : [] });
      } else if (first && typeof first === 'object' && 'text' in first) {
        const config = first as { text: string; values?: unknown[]; rowMode?: 'array' };
        const values = Array.isArray(second) ? second : (config.values ?? []);
        recording.push({ text: config.text, values, rowMode: config.rowMode });
      }
    }
    return original.apply(this, args);
  };
}

/** Runs `fn` and returns every statement sent through any `pg` client meanwhile. */
export async function recordSql(fn: () => Promise<void>): Promise<RecordedStatement[]> {
  install();
  recording = [];
  try {
    await fn();
    return recording;
  } finally {
    recording = null;
  }
}
