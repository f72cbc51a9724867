// PGlite in a worker thread, behind the part of PGlite's API the server uses (drizzle's pglite driver:
// query, transaction; the order event bus: listen; the tests: dumpDataDir; close). PGlite's WASM would
// otherwise run every statement — and every fsync — on the thread that answers HTTP, so one busy list
// call held up /api/health for seconds.
import { Worker } from 'node:worker_threads';
import type { WorkerData, WorkerReply, WorkerRequest } from './pglite-worker-protocol';

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = Distribute<WorkerRequest>;
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, (value: string) => unknown> };

export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

interface Queryable {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>>;
  exec(sql: string): Promise<QueryResult[]>;
}

/** Only `value => value` parsers cross the thread boundary (functions cannot): refuse any other. */
function identityParsers(parsers: QueryOptions['parsers']): number[] {
  const probe = '\u0000probe';
  return Object.entries(parsers ?? {}).map(([oid, parse]) => {
    if (parse(probe) !== probe) throw new Error(`PGlite worker: parser for type ${oid} is not the identity`);
    return Number(oid);
  });
}

/** The worker's error with its fields (SQLSTATE `code`, constraint, detail …) on an Error of this thread. */
function rebuild(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message));
  return Object.assign(error, fields);
}

export class PgliteWorkerClient implements Queryable {
  /** The worker's entry module; bench:durability swaps in one that opens PGlite as it was before. */
  static entry = new URL('./pglite-worker.ts', import.meta.url);

  private next = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private failure: Error | undefined;
  private readonly worker: Worker;
  readonly ready: Promise<void>;

  constructor(data: WorkerData) {
    this.worker = new Worker(new URL('./pglite-worker-boot.mjs', import.meta.url), {
      workerData: { ...data, entry: PgliteWorkerClient.entry.href },
      // Not the parent's `--import tsx`: the worker registers tsx itself after loading PGlite without it
      // (pglite-worker-boot.mjs).
      execArgv: [],
      // The worker's JavaScript only relays messages: a small young generation (V8's default grows to 16 MB
      // semi-spaces, and a grown heap stays committed) is enough (bench:memory).
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
      transferList: data.loadDataDir ? [data.loadDataDir] : [],
    });
    let started!: () => void;
    let failedToStart!: (error: Error) => void;
    this.ready = new Promise<void>((resolve, reject) => {
      started = resolve;
      failedToStart = reject;
    });
    this.worker.on('message', (message: WorkerReply) => {
      if ('ready' in message) return started();
      if ('notify' in message) return this.listeners.get(message.notify)?.(message.payload);
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.ok) waiter?.resolve(message.value);
      else waiter?.reject(rebuild(message.error));
    });
    // A dead worker (a PostgreSQL PANIC aborts it, as a failed fsync must) fails every call from then on.
    const fail = (error: Error) => {
      failedToStart(error);
      this.failure ??= error;
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`PGlite worker exited (code ${code})`)));
  }

  private call<T>(request: Request): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private queryable(tx?: number): Queryable {
    return {
      query: (sql, params, options) =>
        this.call({
          op: 'query',
          tx,
          sql,
          params,
          rowMode: options?.rowMode,
          identityParsers: identityParsers(options?.parsers),
        }),
      exec: (sql) => this.call({ op: 'exec', tx, sql }),
    };
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
    return this.queryable().query<T>(sql, params, options);
  }

  exec(sql: string) {
    return this.queryable().exec(sql);
  }

  /** As PGlite's: commits when `fn` resolves, rolls back when it throws. */
  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    let result: T;
    try {
      result = await fn(this.queryable(tx));
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listenId = await this.call<number>({ op: 'listen', channel });
    this.listeners.set(listenId, callback);
    return async () => {
      this.listeners.delete(listenId);
      await this.call({ op: 'unlisten', listenId });
    };
  }

  /** Queries sent to the worker and not yet answered: PGlite runs one at a time (`GET /metrics`). */
  get pendingCount(): number {
    return this.pending.size;
  }

  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    return new Blob([await this.call<ArrayBuffer>({ op: 'dump', compression })]);
  }

  /**
   * A consistent copy of the running database (a tar), taken between transactions after a checkpoint
   * (backups). Uncompressed: the worker holds every query while it copies, so compressing is left to the
   * caller, off the database's thread.
   */
  async backupDataDir(): Promise<Buffer> {
    return Buffer.from(await this.call<ArrayBuffer>({ op: 'dump', compression: 'none', checkpoint: true }));
  }

  async close() {
    if (!this.failure) await this.call({ op: 'close' });
    await this.worker.terminate();
  }
}
