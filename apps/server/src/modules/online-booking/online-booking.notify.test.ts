import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notificationDeliveries, onlineBookings, orderEvents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { ChannelSender } from '../notifications/channels';
import { buildMessages } from '../notifications/notification-message';
import { fanOutBatch } from '../notifications/outbox-fanout';
import { tokenHashOf } from './online-booking.repository';
import {
  bookRequest,
  bookingBody,
  clearedDay,
  leninaCode,
  manageUrl,
  moscowAt,
  setupLenina,
} from './online-booking.test-support';

// Staff hear of an online booking at once (issue 37): its order event goes through the outbox like a
// partner's order waiting for «Принять» — a push and a Telegram message with the decision buttons.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A channel that reaches every user (the real push and Telegram channels have their own tests). */
const everyone: ChannelSender = {
  channel: 'telegram',
  targets: async (_db, userIds) => userIds.map((userId) => ({ userId, recipient: `chat-${userId}` })),
  send: async () => 'sent',
};

describe('notifications of an online booking', () => {
  it('a new «Самозапись» is news for the staff, waiting for their decision; a cancel by the driver too', async () => {
    const { stationId, tariff } = await setupLenina(t);
    const day = await clearedDay(t, stationId, 4);
    // Events of the demo itself are not this test's business.
    while ((await fanOutBatch(t.db, [], 500)) > 0);

    const res = await t.app.inject(bookRequest(leninaCode, bookingBody(tariff.id, moscowAt(day, '10:00'))));
    expect(res.statusCode).toBe(201);
    const token = res.json().manage_token as string;
    const [record] = await t.db
      .select()
      .from(onlineBookings)
      .where(eq(onlineBookings.tokenHash, tokenHashOf(token)));
    const [created] = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, record!.orderId));
    expect(await fanOutBatch(t.db, [everyone], 100)).toBe(1);
    const deliveries = await t.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.eventId, created!.id));
    // Owner, principal, administrator and worker of «Демо-сеть» (their default settings take new orders).
    expect(deliveries.length).toBeGreaterThan(0);
    const message = (await buildMessages(t.db, [{ eventId: created!.id, event: 'new_order' }])).get(
      created!.id,
    );
    expect(message!.order).toMatchObject({ status: 'Accepted', source: 'Own', awaitsDecision: true });

    const cancel = await t.app.inject({ method: 'POST', url: manageUrl(token, '/cancel'), payload: {} });
    expect(cancel.statusCode).toBe(200);
    expect(await fanOutBatch(t.db, [everyone], 100)).toBe(1);
    const all = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, record!.orderId));
    const cancelled = all.find((e) => e.toStatus === 'UserCanceled')!;
    const told = await t.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.eventId, cancelled.id));
    expect(told.length).toBeGreaterThan(0);
  });
});
