import { afterAll, describe, expect, it } from 'vitest';
import {
  createOrder,
  prepareServerDatabase,
  startServerProcess,
  type Prepared,
  type ServerProcess,
} from './durability.test-support';
import { requireStrace, traceSyncs } from './strace.test-support';

const orders = 20;

// The embedded database's own proof, so `*.pglite.test.ts`: the PostgreSQL pass (TEST_DATABASE_URL) leaves it
// out by file name (vitest.config.ts) — it has no PGlite template, and PostgreSQL's syncs are its own.
describe('the embedded database (PGlite) on disk', () => {
  let prepared: Prepared | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await prepared?.remove();
  });

  it('syncs the WAL to the disk before the server acknowledges an order', { timeout: 90_000 }, async () => {
    requireStrace();
    prepared = await prepareServerDatabase();
    server = await startServerProcess(prepared.database);
    // The first order warms the server's code paths; only the traced ones count.
    expect((await createOrder(server, prepared, 0)).status).toBe(200);

    const trace = await traceSyncs(server.pid);
    const windows: { sent: number; answered: number; status: number | 'error' }[] = [];
    for (let n = 1; n <= orders; n++) {
      const sent = Date.now();
      const { status } = await createOrder(server, prepared, n);
      windows.push({ sent, answered: Date.now(), status });
    }
    const syncs = await trace.stop();

    expect(windows.map((w) => w.status)).toEqual(Array(orders).fill(200));
    const failed = syncs.filter((s) => s.result !== '0' && s.result !== 'unfinished');
    expect(failed, 'failed syncs').toEqual([]);
    // The commit record is in the WAL: a sync of a pg_wal file between the request and its answer means
    // the order was on the disk when the server said 200. Date.now() has whole milliseconds: ±1.
    const walSyncs = syncs.filter((s) => s.path.includes('/pg_wal/'));
    const perOrder = windows.map(
      (w) => walSyncs.filter((s) => s.at >= w.sent - 1 && s.at <= w.answered + 1).length,
    );
    expect(
      perOrder.filter((n) => n === 0).length,
      `WAL syncs per acknowledged order: [${perOrder.join(', ')}]; all syncs traced: ${syncs.length}`,
    ).toBe(0);
  });
});
