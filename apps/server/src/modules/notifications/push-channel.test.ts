import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createAdapters } from '../../adapters';
import { pushSubscriptions, serverKeys } from '../../db/schema';
import { startPushServiceStandIn, type PushServiceStandIn } from '../../test/push-service-stand-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { NotificationMessage } from './channels';
import { createPushChannel, pushPayloadOf } from './push-channel';
import { loadVapidKeys, saveSubscription } from './push.service';

const orderId = '3f2a6c1e-8b4d-4e7a-9c1f-2d5e8a7b6c40';

function message(event: NotificationMessage['event'] = 'new_order'): NotificationMessage {
  return {
    event,
    eventId: 1,
    station: { id: 'b4c1d6e2-0000-4000-8000-000000000001', name: 'Мойка на Ленина' },
    order: {
      id: orderId,
      number: 1042,
      status: 'Accepted',
      source: 'Yandex',
      car: 'Toyota Camry А123ВС77',
      time: '25.11 07:55–08:25',
      box: 2,
      sum: 1500,
      awaitsDecision: true,
    },
    url: `/station/b4c1d6e2-0000-4000-8000-000000000001/calendar?order=${orderId}`,
  };
}

describe('pushPayloadOf', () => {
  it('says what happened, where, to which car and when', () => {
    expect(pushPayloadOf(message())).toEqual({
      title: 'Новая запись · Мойка на Ленина',
      body: 'Toyota Camry А123ВС77 · 25.11 07:55–08:25 · бокс 2',
      url: message().url,
      tag: `order-${orderId}`,
      orderId,
    });
    expect(pushPayloadOf(message('client_cancel')).title).toBe('Клиент отменил запись · Мойка на Ленина');
    expect(pushPayloadOf(message('order_soon')).title).toBe('Скоро начнётся · Мойка на Ленина');
    // One tag per order: the cancellation replaces the new-order notification on the phone.
    expect(pushPayloadOf(message('client_cancel')).tag).toBe(pushPayloadOf(message()).tag);
  });
});

describe('push channel', () => {
  let t: TestApp;
  let pushService: PushServiceStandIn;
  let channel: ReturnType<typeof createPushChannel>;
  let publicKey: string;
  let ownerId: string;
  beforeAll(async () => {
    [t, pushService] = await Promise.all([createTestApp(), startPushServiceStandIn()]);
    channel = createPushChannel({ ...t, adapters: createAdapters(t.config) });
    publicKey = (await loadVapidKeys(t.db, t.config)).publicKey;
    ownerId = (await t.loginAs('owner')).userId;
  });
  afterAll(async () => {
    await t.close();
    await pushService.close();
  });

  const subscribed = async (userId: string) => {
    const subscriber = pushService.createSubscriber({ applicationServerKey: publicKey });
    await saveSubscription(t.db, t.config, userId, subscriber.subscription, undefined);
    const [row] = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscriber.subscription.endpoint));
    return { subscriber, recipient: row!.id };
  };
  const exists = async (id: string) =>
    (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))).length > 0;

  it('targets every stored subscription of the given users', async () => {
    const workerId = (await t.loginAs('worker')).userId;
    const phone = await subscribed(ownerId);
    const laptop = await subscribed(ownerId);
    const workers = await subscribed(workerId);
    const targets = await channel.targets(t.db, [ownerId]);
    expect(targets).toEqual(
      expect.arrayContaining([
        { userId: ownerId, recipient: phone.recipient },
        { userId: ownerId, recipient: laptop.recipient },
      ]),
    );
    expect(targets.map((x) => x.recipient)).not.toContain(workers.recipient);
    expect(await channel.targets(t.db, [])).toEqual([]);
  });

  it('sends the payload the service worker shows, encrypted for that browser and signed', async () => {
    const { subscriber, recipient } = await subscribed(ownerId);
    await expect(channel.send(t.db, recipient, message())).resolves.toBe('sent');
    const [push] = subscriber.messages();
    expect(push?.json()).toEqual(pushPayloadOf(message()));
    expect(push).toMatchObject({ urgency: 'high', ttl: 12 * 60 * 60, topic: orderId.replace(/-/g, '') });
    expect(push?.vapid).toMatchObject({ publicKey, aud: pushService.origin, sub: t.config.vapidSubject });
    await channel.send(t.db, recipient, message('order_soon'));
    expect(subscriber.messages()[1]?.ttl).toBe(30 * 60);
  });

  it('drops a subscription the push service calls gone', async () => {
    const { subscriber, recipient } = await subscribed(ownerId);
    pushService.answerWith(subscriber.id, 410);
    await expect(channel.send(t.db, recipient, message())).resolves.toBe('gone');
    expect(await exists(recipient)).toBe(false);
    // Already gone (unsubscribed since the delivery was planned): nothing to send to.
    await expect(channel.send(t.db, recipient, message())).resolves.toBe('gone');
    await expect(channel.send(t.db, 'not-a-uuid', message())).resolves.toBe('gone');
  });

  it('throws on any other refusal, so the outbox tries again', async () => {
    const { subscriber, recipient } = await subscribed(ownerId);
    pushService.answerWith(subscriber.id, 500);
    await expect(channel.send(t.db, recipient, message())).rejects.toThrow(/500/);
    expect(await exists(recipient)).toBe(true);
    pushService.answerWith(subscriber.id, null);
    await expect(channel.send(t.db, recipient, message())).resolves.toBe('sent');
  });

  describe('VAPID keys', () => {
    it('are made once and shared by a second app on the same database', async () => {
      const rows = await t.db.select().from(serverKeys).where(eq(serverKeys.name, 'vapid'));
      expect(rows).toHaveLength(1);
      expect((rows[0]!.value as { publicKey: string }).publicKey).toBe(publicKey);

      const second = await buildApp({ ...t, adapters: createAdapters(t.config), webDist: null });
      try {
        const user = await t.loginAs('owner');
        const res = await second.inject({
          method: 'GET',
          url: '/api/notifications/status',
          headers: user.headers,
        });
        expect(res.json().publicKey).toBe(publicKey);
      } finally {
        await second.close();
      }
    });

    it('agree when instances start together on an empty table', async () => {
      await t.db.delete(serverKeys).where(eq(serverKeys.name, 'vapid'));
      const pairs = await Promise.all(Array.from({ length: 4 }, () => loadVapidKeys(t.db, t.config)));
      expect(new Set(pairs.map((p) => p.publicKey)).size).toBe(1);
      expect(await t.db.select().from(serverKeys).where(eq(serverKeys.name, 'vapid'))).toHaveLength(1);
    });

    it('come from the environment when given there', async () => {
      const given = webpush.generateVAPIDKeys();
      await expect(loadVapidKeys(t.db, { vapid: given })).resolves.toEqual(given);
      const [row] = await t.db.select().from(serverKeys).where(eq(serverKeys.name, 'vapid'));
      expect((row!.value as { publicKey: string }).publicKey).not.toBe(given.publicKey);
    });
  });
});
