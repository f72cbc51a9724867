// Worker-thread side of pglite-worker-client.ts: owns the PGlite instance, so PostgreSQL's work (and its
// fsyncs) blocks this thread, never the one that answers HTTP.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { durableStartParams, durablePgliteOptions } from './durable-node-fs';
import { compileWasmWithBaselineOnly, memoryStartParams } from './pglite-memory';
import type { WorkerData, WorkerReply, WorkerRequest } from './pglite-worker-protocol';

const port = parentPort!;
const { dir, loadDataDir } = workerData as WorkerData;

compileWasmWithBaselineOnly();
const db = await PGlite.create({
  ...(dir ? durablePgliteOptions(dir) : {}),
  startParams: [...(dir ? durableStartParams : PGlite.defaultStartParams), ...memoryStartParams],
  loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
  extensions: { btree_gist },
});

const identity = (value: unknown) => value;
/** Thrown into PGlite's transaction callback to make it roll back. */
const rollback = Symbol('rollback');
/** Open transactions' outcomes, settled by their 'end' request. */
const ended = new Map<number, Promise<void>>();
const transactions = new Map<number, { tx: Transaction; end(commit: boolean): void }>();
const unlistens = new Map<number, () => Promise<void>>();

const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  // DatabaseError's SQLSTATE (`code`), constraint, detail … are own fields: the caller maps them (409 …).
  const fields: Record<string, unknown> = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return fields;
}

async function handle(request: WorkerRequest): Promise<{ value?: unknown; transfer?: ArrayBuffer[] }> {
  const target = request.tx === undefined ? db : transactions.get(request.tx)?.tx;
  if (!target) throw new Error(`transaction ${request.tx} is not open`);
  switch (request.op) {
    case 'query': {
      const parsers = Object.fromEntries(request.identityParsers.map((oid) => [oid, identity]));
      return {
        value: await target.query(request.sql, request.params, { rowMode: request.rowMode, parsers }),
      };
    }
    case 'exec':
      return { value: await target.exec(request.sql) };
    case 'begin': {
      const id = request.id;
      let opened!: () => void;
      const ready = new Promise<void>((resolve) => (opened = resolve));
      const done = db.transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            transactions.set(id, {
              tx,
              end: (commit) => (commit ? resolve() : reject(rollback)),
            });
            opened();
          }),
      );
      // The transaction settles when the caller ends it; its outcome is that 'end' request's answer.
      ended.set(
        id,
        done.then(
          () => undefined,
          (error: unknown) => {
            if (error !== rollback) throw error;
          },
        ),
      );
      await ready;
      return { value: id };
    }
    case 'end': {
      const open = transactions.get(request.tx!)!;
      transactions.delete(request.tx!);
      open.end(request.commit);
      const outcome = ended.get(request.tx!)!;
      ended.delete(request.tx!);
      await outcome;
      return {};
    }
    case 'listen': {
      const listenId = request.id;
      unlistens.set(
        listenId,
        await db.listen(request.channel, (payload) => reply({ notify: listenId, payload })),
      );
      return { value: listenId };
    }
    case 'unlisten': {
      await unlistens.get(request.listenId)?.();
      unlistens.delete(request.listenId);
      return {};
    }
    case 'dump': {
      // A backup (backup/embedded.ts) first writes the dirty pages out, so the copy needs little WAL replay
      // when it is opened; and it is taken between transactions, never inside one: PGlite's plain queries
      // take the same lock, so the copy holds exactly the commits acknowledged before it.
      if (request.checkpoint) await db.exec('CHECKPOINT');
      const dump = await db._runExclusiveTransaction(() => db.dumpDataDir(request.compression));
      const buffer = await dump.arrayBuffer();
      return { value: buffer, transfer: [buffer] };
    }
    case 'close':
      await db.close();
      return {};
  }
}

port.on('message', (request: WorkerRequest) => {
  // Each request runs at once, as the same call on an in-process PGlite would: PGlite's own mutexes order
  // them, so transactions keep their in-process semantics.
  handle(request).then(
    ({ value, transfer }) => reply({ id: request.id, ok: true, value }, transfer),
    (error: unknown) => reply({ id: request.id, ok: false, error: errorFields(error) }),
  );
});
reply({ ready: true });
