import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { killAfterCommit, killChildrenLeft } from '../../test/kill-after-commit';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { prepareServerDatabase, type Prepared } from '../../db/durability.test-support';
import { partnerCallbacks, partners, tariffs } from '../../db/schema';
import { createOutbox } from '../notifications/outbox';
import { createPartnerCallbackSender } from './partner-callbacks';
import { bookingBody, demoPartners } from './partners.test-support';

const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const childScript = fileURLToPath(new URL('./partner-kill.child.ts', import.meta.url));

/** Runs the child until «Принять» is committed, then kill -9; the order's id. */
const commitAndKill = (prepared: Prepared, body: object) =>
  killAfterCommit(childScript, {
    PARTNER_CHILD: JSON.stringify({ database: prepared.database, headers: prepared.headers, body }),
  });

describe(`a partner callback whose process was killed with SIGKILL after the commit (${engine})`, () => {
  let prepared: Prepared | undefined;
  let database: DatabaseHandle | undefined;
  let server: Server | undefined;
  afterAll(async () => {
    killChildrenLeft();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await database?.close();
    await prepared?.remove();
  });

  it('is delivered once by the next outbox on the same database', { timeout: 120_000 }, async () => {
    prepared = await prepareServerDatabase();
    // The Lenina provider tariff, read before the child opens the database.
    const handle = await openDatabase({ ...prepared.database, poolSize: 2 });
    const [tariff] = await handle.db
      .select()
      .from(tariffs)
      .where(
        and(eq(tariffs.stationId, prepared.stationId), eq(tariffs.kind, 'yandex'), eq(tariffs.active, true)),
      );
    await handle.close();
    const body = bookingBody('ya-kill-1', tariff!.id, '2031-03-10T08:00:00.000Z');
    const orderId = await commitAndKill(prepared, body);

    const received: { type: string; id: string }[] = [];
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const payload = new Webhook(demoPartners.yandex.secret).verify(
          Buffer.concat(chunks).toString('utf8'),
          req.headers as Record<string, string>,
        ) as { type: string };
        received.push({ type: payload.type, id: String(req.headers['webhook-id']) });
        res.end();
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    database = await openDatabase({ ...prepared.database, poolSize: 4 });
    await database.db
      .update(partners)
      .set({ callbackUrl: `http://127.0.0.1:${port}/cb` })
      .where(eq(partners.id, demoPartners.yandex.id));
    const outbox = createOutbox({
      db: database.db,
      database,
      channels: [],
      partnerCallbacks: createPartnerCallbackSender(),
      pollMs: 60_000,
    });
    await outbox.runOnce();
    await outbox.runOnce();
    await outbox.stop();
    expect(received.map((r) => r.type)).toEqual(['booking.accepted']);
    const rows = await database.db
      .select()
      .from(partnerCallbacks)
      .where(eq(partnerCallbacks.orderId, orderId));
    expect(rows.map((r) => [r.type, r.status, r.attempts])).toEqual([['booking.accepted', 'sent', 1]]);
  });
});
