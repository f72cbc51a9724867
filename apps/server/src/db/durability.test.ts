import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase } from './client';
import {
  createOrder,
  prepareServerDatabase,
  startServerProcess,
  type Prepared,
  type ServerProcess,
} from './durability.test-support';

const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const concurrency = 8;
/** Acknowledged orders before the kill: enough that the kill lands in a steady stream of commits. */
const killAfter = 30;

async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe(`the server killed with SIGKILL while creating orders (${engine})`, () => {
  let prepared: Prepared | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await prepared?.remove();
  });

  it('has every acknowledged order after a restart on the same data', { timeout: 90_000 }, async () => {
    prepared = await prepareServerDatabase();
    server = await startServerProcess(prepared.database);
    const first = server;

    const acknowledged: string[] = [];
    const outcomes = { ok: 0, cut: 0, refused: {} as Record<string, number> };
    let next = 0;
    let stopping = false;
    const client = async () => {
      while (!stopping) {
        const result = await createOrder(first, prepared!, next++);
        if (result.id) acknowledged.push(result.id);
        if (result.status === 200) outcomes.ok++;
        else if (result.status === 'error') outcomes.cut++;
        else outcomes.refused[result.status] = (outcomes.refused[result.status] ?? 0) + 1;
      }
    };
    const clients = Array.from({ length: concurrency }, client);
    await until(() => acknowledged.length >= killAfter, 45_000, `${killAfter} acknowledged orders`);
    stopping = true; // no new requests; those in flight meet the kill
    await first.kill();
    await Promise.all(clients);

    // The kill cut requests mid-flight, else it proved nothing about commits racing the kill.
    expect(outcomes.cut, JSON.stringify(outcomes)).toBeGreaterThan(0);
    // A shed call (503, load-shedding.ts) did nothing and was not acknowledged; any other refusal is a bug.
    const refusals = Object.keys(outcomes.refused).filter((status) => status !== '503');
    expect(refusals, JSON.stringify(outcomes)).toEqual([]);

    // PGlite: the dead server's lock was taken over, and the new server holds it against a second process.
    server = await startServerProcess(prepared.database);
    if ('dataDir' in prepared.database) {
      await expect(openDatabase(prepared.database)).rejects.toThrow(DataDirLockedError);
    }
    const { cookie, 'x-user-id': userId } = prepared.headers;
    const missing: string[] = [];
    for (const id of acknowledged) {
      const res = await fetch(`${server.baseUrl}/api/order/${id}`, {
        headers: { cookie: cookie!, 'x-user-id': userId! },
      });
      if (res.status !== 200) missing.push(`${id}: ${res.status}`);
    }
    expect(missing, `${missing.length} of ${acknowledged.length} acknowledged orders lost`).toEqual([]);

    // The database came back whole: it takes new orders.
    expect((await createOrder(server, prepared, next + concurrency)).status).toBe(200);
  });
});
