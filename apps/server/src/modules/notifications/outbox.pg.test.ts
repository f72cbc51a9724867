import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../app';
import { createAdapters } from '../../adapters';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { notificationDeliveries, orderEvents, users } from '../../db/schema';
import { createSession, SESSION_COOKIE } from '../../plugins/auth';
import { copyPostgresTemplate, testConfig, type TestApp } from '../../test/test-app';
import {
  carwashIds,
  expectedPrice,
  orderBody,
  stationIdByCarwash,
  tariffByCode,
} from '../orders/orders.test-support';
import { createOutbox, type Outbox } from './outbox';
import { recordingChannel, type RecordingChannel } from './outbox.test-support';

const orderCount = 100;

/**
 * DESIGN §7: two server instances on one PostgreSQL share the outbox through `FOR UPDATE SKIP LOCKED`
 * and leases; every delivery must go out exactly once. Runs in the PostgreSQL pass only.
 */
describe('two outbox instances on one database (PostgreSQL)', () => {
  const handles: DatabaseHandle[] = [];
  const outboxes: Outbox[] = [];
  let channels: RecordingChannel[];
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const url = await copyPostgresTemplate(inject('postgresTemplate')!);
    for (let i = 0; i < 2; i++) handles.push(await openDatabase({ databaseUrl: url, poolSize: 10 }));
    const config = testConfig();
    app = await buildApp({
      db: handles[0]!.db,
      database: handles[0]!,
      config,
      adapters: createAdapters(config),
    });
    await app.ready();
    channels = handles.map(() => recordingChannel('push'));
    for (const [i, handle] of handles.entries()) {
      outboxes.push(createOutbox({ db: handle.db, database: handle, channels: [channels[i]!], pollMs: 200 }));
    }
  });
  afterAll(async () => {
    for (const outbox of outboxes) await outbox.stop();
    await app?.close();
    for (const handle of handles) await handle.close();
  });

  it(`sends every delivery of ${orderCount} orders exactly once`, { timeout: 120_000 }, async () => {
    const db = handles[0]!.db;
    const t = { db } as TestApp;
    const stationId = await stationIdByCarwash(t, carwashIds.lenina);
    const tariff = await tariffByCode(t, stationId, 'express');
    const price = await expectedPrice(t, stationId, tariff.id, 'Compact');
    const [admin] = await db.select().from(users).where(eq(users.login, 'administrator'));
    const { token } = await createSession(db, admin!.id);
    const headers = { cookie: `${SESSION_COOKIE}=${token}`, 'x-user-id': admin!.id };
    for (const outbox of outboxes) await outbox.start();

    const ids: string[] = [];
    const create = async (n: number) => {
      const start = Date.UTC(2031, 3, 1 + Math.floor(n / 20), 7, (n % 20) * 30);
      const res = await app.inject({
        method: 'POST',
        url: `/api/create_order/${stationId}`,
        headers,
        payload: orderBody(tariff.id, price.totalAmount, { start: new Date(start).toISOString() }),
      });
      expect(res.statusCode).toBe(200);
      ids.push(res.json().order.id);
    };
    for (let n = 0; n < orderCount; n += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => create(n + i)));
    }

    const ours = (c: RecordingChannel) => c.sent.filter((s) => ids.includes(s.message.order.id)).length;
    // The owner, the principal and the worker hear of each; the administrator made them.
    const expected = orderCount * 3;
    await expect
      .poll(() => channels.reduce((n, c) => n + ours(c), 0), { timeout: 60_000, interval: 100 })
      .toBeGreaterThanOrEqual(expected);
    for (const outbox of outboxes) await outbox.runOnce();

    expect(channels.reduce((n, c) => n + ours(c), 0)).toBe(expected);
    const counts = new Map<string, number>();
    for (const c of channels) for (const [key, n] of c.counts) counts.set(key, (counts.get(key) ?? 0) + n);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);

    const rows = await db
      .select({ status: notificationDeliveries.status })
      .from(notificationDeliveries)
      .innerJoin(orderEvents, eq(orderEvents.id, notificationDeliveries.eventId))
      .where(inArray(orderEvents.orderId, ids));
    expect(rows).toHaveLength(expected);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  });
});
