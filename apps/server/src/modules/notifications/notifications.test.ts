import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultNotificationSettings,
  messages,
  notificationMessages,
  pushSubscriptionMessages,
  type NotificationSettings,
} from '@crm/shared';
import { pushSubscriptions } from '../../db/schema';
import { startPushServiceStandIn, type PushServiceStandIn } from '../../test/push-service-stand-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectSignInRequired } from '../users/test-guards';
import { maxSubscriptionsPerUser, saveSubscription } from './push.service';

describe('notifications API', () => {
  let t: TestApp;
  let pushService: PushServiceStandIn;
  beforeAll(async () => {
    [t, pushService] = await Promise.all([createTestApp(), startPushServiceStandIn()]);
  });
  afterAll(async () => {
    await t.close();
    await pushService.close();
  });

  const call = async (login: string, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const user = await t.loginAs(login);
    return t.app.inject({ method, url, headers: user.headers, payload: payload as object });
  };
  const status = async (login: string, endpoint?: string) => {
    const query = endpoint === undefined ? '' : `?endpoint=${encodeURIComponent(endpoint)}`;
    return call(login, 'GET', `/api/notifications/status${query}`);
  };
  const subscribe = (login: string, subscription: unknown) =>
    call(login, 'POST', '/api/notifications/subscribe', { subscription });
  const rowsOf = (endpoint: string) =>
    t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

  it('needs a signed-in caller', async () => {
    await expectSignInRequired(t, { method: 'GET', url: '/api/notifications/status' });
    await expectSignInRequired(t, {
      method: 'POST',
      url: '/api/notifications/subscribe',
      payload: { subscription: pushService.createSubscriber().subscription },
    });
    await expectSignInRequired(t, { method: 'POST', url: '/api/notifications/test' });
  });

  it('tells the key to subscribe with, the settings and the Telegram state', async () => {
    const res = await status('worker');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      isSubscribed: false,
      settings: defaultNotificationSettings,
      telegram: { connected: false, botName: null },
    });
    // An uncompressed P-256 point: what `pushManager.subscribe` takes as applicationServerKey.
    expect(Buffer.from(body.publicKey, 'base64url')).toHaveLength(65);
  });

  it('stores, reports and forgets this browser', async () => {
    const { subscription } = pushService.createSubscriber();
    expect((await subscribe('administrator', subscription)).json()).toEqual({ success: true });
    expect((await status('administrator', subscription.endpoint)).json().isSubscribed).toBe(true);
    expect((await status('administrator')).json().isSubscribed).toBe(true);
    expect((await status('administrator', `${pushService.origin}/push/other`)).json().isSubscribed).toBe(
      false,
    );
    // Subscribing again (new keys after a browser reset) keeps one row.
    const again = { ...subscription, keys: pushService.createSubscriber().subscription.keys };
    await subscribe('administrator', again);
    const rows = await rowsOf(subscription.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.p256dh).toBe(again.keys.p256dh);

    const gone = await call('administrator', 'POST', '/api/notifications/unsubscribe', {
      endpoint: subscription.endpoint,
    });
    expect(gone.json()).toEqual({ success: true });
    expect((await status('administrator', subscription.endpoint)).json().isSubscribed).toBe(false);
  });

  it('moves an endpoint to whoever subscribed on a shared device last', async () => {
    const { subscription } = pushService.createSubscriber();
    await subscribe('owner', subscription);
    const [before] = await rowsOf(subscription.endpoint);
    await subscribe('worker', subscription);
    expect((await status('owner', subscription.endpoint)).json().isSubscribed).toBe(false);
    expect((await status('worker', subscription.endpoint)).json().isSubscribed).toBe(true);
    const [after] = await rowsOf(subscription.endpoint);
    expect(after?.id).not.toBe(before?.id);

    // Someone else's unsubscribe is no lever on the worker's row.
    await call('owner', 'POST', '/api/notifications/unsubscribe', { endpoint: subscription.endpoint });
    expect(await rowsOf(subscription.endpoint)).toHaveLength(1);
  });

  it('refuses a subscription a browser could not have made, field by field', async () => {
    const { subscription } = pushService.createSubscriber();
    const badEndpoint = await subscribe('owner', { ...subscription, endpoint: 'ftp://push.example/x' });
    expect(badEndpoint.statusCode).toBe(400);
    expect(badEndpoint.json().error.fields).toEqual({
      'subscription.endpoint': pushSubscriptionMessages.endpoint,
    });
    const badKeys = await subscribe('owner', { ...subscription, keys: { p256dh: 'short', auth: '!!' } });
    expect(badKeys.statusCode).toBe(400);
    expect(badKeys.json().error.fields).toEqual({
      'subscription.keys.p256dh': pushSubscriptionMessages.key,
      'subscription.keys.auth': pushSubscriptionMessages.key,
    });
    const noKeys = await subscribe('owner', { endpoint: subscription.endpoint });
    expect(noKeys.json().error.fields).toEqual({ 'subscription.keys': pushSubscriptionMessages.key });
    const badUnsubscribe = await call('owner', 'POST', '/api/notifications/unsubscribe', { endpoint: 'x' });
    expect(badUnsubscribe.json().error.fields).toEqual({ endpoint: pushSubscriptionMessages.endpoint });
  });

  it('keeps a served product to public https push services', async () => {
    const { subscription } = pushService.createSubscriber();
    const user = await t.loginAs('owner');
    const served = { publicUrl: 'https://crm.example' };
    // http, an IP address, localhost or a bare intranet name would let a user aim the server at its own network.
    for (const endpoint of [
      subscription.endpoint,
      'https://127.0.0.1/push/1',
      'https://[::1]/push/1',
      'https://localhost/push/1',
      'https://intranet/push/1',
    ]) {
      await expect(
        saveSubscription(t.db, served, user.userId, { ...subscription, endpoint }, undefined),
      ).rejects.toMatchObject({ statusCode: 400, fields: { 'subscription.endpoint': expect.any(String) } });
    }
    const fcm = { ...subscription, endpoint: 'https://fcm.googleapis.com/fcm/send/abc' };
    await saveSubscription(t.db, served, user.userId, fcm, undefined);
  });

  it('keeps a user to the newest 20 devices', async () => {
    const user = await t.loginAs('principal');
    const endpoints: string[] = [];
    for (let i = 0; i < maxSubscriptionsPerUser + 2; i++) {
      const { subscription } = pushService.createSubscriber();
      await saveSubscription(t.db, t.config, user.userId, subscription, undefined);
      endpoints.push(subscription.endpoint);
    }
    const kept = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.userId));
    expect(kept).toHaveLength(maxSubscriptionsPerUser);
    expect(kept.map((r) => r.endpoint)).toContain(endpoints.at(-1));
  });

  describe('/api/push/{subscribe,unsubscribe}/{userId} (S1 §7)', () => {
    it('acts for the caller', async () => {
      const owner = await t.loginAs('owner');
      const { subscription } = pushService.createSubscriber();
      const on = await call('owner', 'POST', `/api/push/subscribe/${owner.userId}`, { subscription });
      expect(on.json()).toEqual({ success: true });
      expect(await rowsOf(subscription.endpoint)).toHaveLength(1);
      const off = await call('owner', 'POST', `/api/push/unsubscribe/${owner.userId}`, {
        endpoint: subscription.endpoint,
      });
      expect(off.json()).toEqual({ success: true });
      expect(await rowsOf(subscription.endpoint)).toHaveLength(0);
    });

    it("answers 404 for anyone else's id", async () => {
      const worker = await t.loginAs('worker');
      const { subscription } = pushService.createSubscriber();
      const res = await call('owner', 'POST', `/api/push/subscribe/${worker.userId}`, { subscription });
      expect(res.statusCode).toBe(404);
      expect(await rowsOf(subscription.endpoint)).toHaveLength(0);
      const off = await call('owner', 'POST', `/api/push/unsubscribe/${worker.userId}`, {
        endpoint: subscription.endpoint,
      });
      expect(off.statusCode).toBe(404);
    });
  });

  describe('settings (S1 §6: role admin or allow_push_notifications)', () => {
    const quiet: NotificationSettings = {
      new_order: { push: true, telegram: false },
      client_cancel: { push: false, telegram: true },
      order_soon: { push: false, telegram: false },
    };

    it('reads and saves the caller’s own settings', async () => {
      expect((await call('owner', 'GET', '/api/notifications/settings')).json()).toEqual({
        settings: defaultNotificationSettings,
      });
      const saved = await call('owner', 'POST', '/api/notifications/settings', { settings: quiet });
      expect(saved.json()).toEqual({ settings: quiet });
      expect((await call('owner', 'GET', '/api/notifications/settings')).json()).toEqual({ settings: quiet });
      expect((await status('owner')).json().settings).toEqual(quiet);
      // The system admin's are his own, not the owner's.
      expect((await call('admin', 'GET', '/api/notifications/settings')).json().settings).toEqual(
        defaultNotificationSettings,
      );
    });

    it('refuses users without push notifications allowed', async () => {
      for (const [method, payload] of [
        ['GET', undefined],
        ['POST', { settings: quiet }],
      ] as const) {
        const res = await call('worker', method, '/api/notifications/settings', payload);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.message).toBe(notificationMessages.deniedText);
      }
    });

    it('refuses settings of another shape', async () => {
      const res = await call('owner', 'POST', '/api/notifications/settings', {
        settings: { ...quiet, new_order: { push: 'yes', telegram: true } },
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(['settings.new_order.push']);
    });
  });

  describe('POST /api/notifications/test (the admin push demo panel)', () => {
    it('pushes «Тестовое уведомление» to the admin’s own devices', async () => {
      const key = (await status('admin')).json().publicKey as string;
      const phone = pushService.createSubscriber({ applicationServerKey: key });
      const laptop = pushService.createSubscriber({ applicationServerKey: key });
      await subscribe('admin', phone.subscription);
      await subscribe('admin', laptop.subscription);
      // Another user's device hears nothing.
      const bystander = pushService.createSubscriber({ applicationServerKey: key });
      await subscribe('owner', bystander.subscription);

      const res = await call('admin', 'POST', '/api/notifications/test');
      expect(res.json()).toEqual({ success: true, sent: 2 });
      expect(phone.messages().map((m) => m.json())).toEqual([
        {
          title: 'Тестовое уведомление',
          body: 'Так будут приходить уведомления о записях.',
          url: '/',
          tag: 'test',
          orderId: null,
        },
      ]);
      expect(laptop.messages()).toHaveLength(1);
      expect(bystander.messages()).toHaveLength(0);

      // A device the push service no longer knows is forgotten; a failing one does not stop the rest.
      pushService.answerWith(phone.id, 410);
      pushService.answerWith(laptop.id, 500);
      expect((await call('admin', 'POST', '/api/notifications/test')).json()).toEqual({
        success: false,
        sent: 0,
      });
      expect(await rowsOf(phone.subscription.endpoint)).toHaveLength(0);
      expect(await rowsOf(laptop.subscription.endpoint)).toHaveLength(1);
    });

    it('is for the system admin only', async () => {
      const res = await call('owner', 'POST', '/api/notifications/test');
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(messages.generic.forbidden);
    });
  });
});
