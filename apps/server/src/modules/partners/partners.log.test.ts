import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { createAdapters } from '../../adapters';
import type { DatabaseHandle } from '../../db/client';
import { orders, partners, users } from '../../db/schema';
import { createSession, SESSION_COOKIE } from '../../plugins/auth';
import { loggerOptions } from '../../plugins/log-options';
import { openTestDatabase, testConfig, type TestApp } from '../../test/test-app';
import { createOutbox } from '../notifications/outbox';
import { carwashIds, clearAroundNow, freeDay, stationIdByCarwash } from '../orders/orders.test-support';
import { createPartnerCallbackSender } from './partner-callbacks';
import { bookingBody, demoPartners, providerTariff, signedRequest } from './partners.test-support';

// Issue 36 «every intake and callback logged without personal data»: the production logger (its
// redaction and serializers) at `info`, written into memory; an intake that books, one refused on its body,
// one refused on its signature, and the callbacks of «Принять» (one failed, then sent). The client's phone,
// extension and plate, the secret and the signatures must appear in no line; the lines themselves must.

const phone = '+79161234567';
const ext = '40917';
const plate = 'К482МР199';

let app: FastifyInstance;
let database: DatabaseHandle;
let receiver: Server;
let calls = 0;
const lines: Record<string, unknown>[] = [];
const texts: string[] = [];
const yandex = demoPartners.yandex;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) {
        if (!text) continue;
        texts.push(text);
        lines.push(JSON.parse(text) as Record<string, unknown>);
      }
      done();
    },
  });
  const config = testConfig({ OUTBOX_WORKER: '0' });
  database = await openTestDatabase();
  app = await buildApp({
    db: database.db,
    database,
    config,
    adapters: createAdapters(config),
    webDist: null,
    logger: loggerOptions('info', stream),
  });
  await app.ready();
  // The partner's endpoint: the first callback fails (503), the next ones are acknowledged.
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = ++calls === 1 ? 503 : 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  await database.db
    .update(partners)
    .set({ callbackUrl: `http://127.0.0.1:${port}/cb` })
    .where(eq(partners.id, yandex.id));
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  await app?.close();
  await database?.close();
});

describe('partner intake and callbacks in the server log', () => {
  it('are logged, and no line holds the client phone, extension, plate, the secret or a signature', async () => {
    const t = { db: database.db } as TestApp;
    const lenina = await stationIdByCarwash(t, carwashIds.lenina);
    await clearAroundNow(t, lenina);
    const tariffId = (await providerTariff(t, lenina)).id;
    const body = bookingBody('ya-log-1', tariffId, `${freeDay}T07:00:00.000Z`, {
      car: { brand: 'Kia', model: 'Rio', plate_number: plate, category: 'Compact' },
      client: { redirection_phone: phone, ext },
    });
    const sent: string[] = [];
    const send = async (request: ReturnType<typeof signedRequest>) => {
      sent.push(String((request.headers as Record<string, string>)['webhook-signature']));
      return app.inject(request);
    };
    const post = (payload: unknown, options = {}) =>
      send(
        signedRequest(yandex, { method: 'POST', url: '/api/partner/v1/bookings', body: payload }, options),
      );

    expect((await post(body)).statusCode).toBe(201);
    const badBody = { ...body, partner_order_id: 'ya-log-2', car: { ...body.car, category: 'Tank' } };
    expect((await post(badBody)).statusCode).toBe(400);
    expect(
      (await post({ ...body, partner_order_id: 'ya-log-3' }, { secret: 'whsec_' + 'A'.repeat(44) }))
        .statusCode,
    ).toBe(401);

    // «Принять» → the accepted callback: the first try fails, the retry is sent.
    const [order] = await database.db.select().from(orders).where(eq(orders.extendedId, 'ya-log-1'));
    const { token } = await createSession(database.db, (await ownerId())!);
    const accept = await app.inject({
      method: 'POST',
      url: `/api/order_booked/${order!.id}`,
      headers: { cookie: `${SESSION_COOKIE}=${token}`, 'x-user-id': (await ownerId())! },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const outbox = createOutbox({
      db: database.db,
      database,
      channels: [],
      partnerCallbacks: createPartnerCallbackSender({ backoffMs: () => 10 }),
      pollMs: 60_000,
      log: app.log,
    });
    for (let i = 0; i < 100 && calls < 2; i++) {
      await outbox.runOnce();
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(calls).toBe(2);

    const msgs = lines.map((l) => l.msg);
    expect(lines.filter((l) => l.msg === 'partner request').map((l) => [l.kind, l.statusCode])).toEqual([
      ['booking.create', 201],
      ['booking.create', 400],
    ]);
    expect(lines.find((l) => l.msg === 'partner request refused')).toMatchObject({
      claimedPartnerId: yandex.id,
      reason: 'bad or stale signature',
    });
    expect(msgs).toContain('partner callback not delivered');
    expect(lines.find((l) => l.msg === 'partner callback sent')).toMatchObject({
      partnerId: yandex.id,
      type: 'booking.accepted',
      statusCode: 200,
      attempts: 2,
    });

    const all = texts.join('\n');
    const digits = phone.slice(2);
    for (const secretText of [phone, digits, ext, plate, yandex.secret, yandex.secret.slice(6), ...sent]) {
      expect(all, `the log holds ${secretText}`).not.toContain(secretText);
    }
  });
});

async function ownerId() {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.login, 'owner'));
  return row?.id;
}
