// Messages between pglite-worker-client.ts (the server's thread) and pglite-worker.ts (the worker).

export interface WorkerData {
  /** PGlite's folder (DATA_DIR/pglite), or undefined for an in-memory database. */
  dir?: string;
  loadDataDir?: ArrayBuffer;
  /** The TypeScript module pglite-worker-boot.mjs loads (pglite-worker.ts, or a bench's variant). */
  entry?: string;
}

/** `tx`: the id of the 'begin' request whose transaction the statement runs in. */
export type WorkerRequest = { id: number; tx?: number } & (
  | {
      op: 'query';
      sql: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** Type OIDs to leave as text (drizzle's parsers are all `value => value`). */
      identityParsers: number[];
    }
  | { op: 'exec'; sql: string }
  | { op: 'begin' }
  | { op: 'end'; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; listenId: number }
  | { op: 'dump'; compression: 'none' | 'gzip' | 'auto'; checkpoint?: boolean }
  | { op: 'close' }
);

export type WorkerReply =
  | { ready: true }
  | { id: number; ok: true; value?: unknown }
  | { id: number; ok: false; error: Record<string, unknown> }
  | { notify: number; payload: string };
