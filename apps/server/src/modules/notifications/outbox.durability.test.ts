import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, orderEvents } from '../../db/schema';
import { killAfterCommit, killChildrenLeft } from '../../test/kill-after-commit';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { prepareServerDatabase, type Prepared } from '../../db/durability.test-support';
import { createOutbox } from './outbox';
import { recordingChannel } from './outbox.test-support';

const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const childScript = fileURLToPath(new URL('./outbox-kill.child.ts', import.meta.url));

/** Runs the child until it has committed an order, then kill -9; the order's id. */
const commitAndKill = (prepared: Prepared) =>
  killAfterCommit(childScript, {
    OUTBOX_CHILD: JSON.stringify({
      database: prepared.database,
      headers: prepared.headers,
      stationId: prepared.stationId,
      body: prepared.body(0),
    }),
  });

describe(`an order committed by a process killed with SIGKILL before sending (${engine})`, () => {
  let prepared: Prepared | undefined;
  let database: DatabaseHandle | undefined;
  afterAll(async () => {
    killChildrenLeft();
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
