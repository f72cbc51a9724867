import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, orderEvents } from '../../db/schema';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { prepareServerDatabase, type Prepared } from '../../db/durability.test-support';
import { createOutbox } from './outbox';
import { recordingChannel } from './outbox.test-support';

const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const childScript = fileURLToPath(new URL('./outbox-kill.child.ts', import.meta.url));
const children = new Set<ChildProcess>();
const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

/** Runs the child until it has committed an order, then kill -9; the order's id. */
async function commitAndKill(prepared: Prepared): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
    cwd: repoRoot,
    env: {
      ...process.env,
      OUTBOX_CHILD: JSON.stringify({
        database: prepared.database,
        headers: prepared.headers,
        stationId: prepared.stationId,
        body: prepared.body(0),
      }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  const orderId = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /committed (\S+)\n/.exec(out);
      if (match) resolve(match[1]!);
      else if (out.includes('failed')) reject(new Error(out));
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before committing: ${out}`)));
  });
  child.kill('SIGKILL');
  await exited;
  children.delete(child);
  return orderId;
}

describe(`an order committed by a process killed with SIGKILL before sending (${engine})`, () => {
  let prepared: Prepared | undefined;
  let database: DatabaseHandle | undefined;
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await database?.close();
    await prepared?.remove();
  });

  it('is delivered exactly once by the next outbox on the same database', { timeout: 120_000 }, async () => {
    prepared = await prepareServerDatabase();
    const orderId = await commitAndKill(prepared);

    database = await openDatabase({ ...prepared.database, poolSize: 4 });
    const [event] = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(event).toMatchObject({ action: 'created', fannedOutAt: null });

    const push = recordingChannel('push');
    const outbox = createOutbox({ db: database.db, database, channels: [push], pollMs: 60_000 });
    await outbox.runOnce();
    await outbox.runOnce();
    await outbox.stop();
    const sends = push.sent.filter((s) => s.message.order.id === orderId);
    // The owner, the principal and the worker; not the administrator who created it.
    expect(sends).toHaveLength(3);
    expect([...push.counts.values()].every((n) => n === 1)).toBe(true);
    const rows = await database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.eventId, event!.id));
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
  });
});
