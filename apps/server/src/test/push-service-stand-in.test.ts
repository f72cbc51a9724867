import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebPush, type VapidKeys } from '../adapters/web-push';
import { startPushServiceStandIn, type PushServiceStandIn } from './push-service-stand-in';

const subject = 'mailto:support@carwash-crm.ru';
const options = { ttlSeconds: 60 };

/** Sends a hand-made request, as a sender that does not play by the rules would. */
async function post(endpoint: string, headers: Record<string, string | number>, body: Buffer | null) {
  const plain: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) plain[name] = String(value);
  delete plain['Content-Length'];
  const response = await fetch(endpoint, { method: 'POST', headers: plain, body });
  return response.status;
}

describe('push-service stand-in', () => {
  let service: PushServiceStandIn;
  let keys: VapidKeys;
  const webPush = createWebPush({ vapidSubject: subject });
  beforeAll(async () => {
    service = await startPushServiceStandIn();
    keys = webpush.generateVAPIDKeys();
  });
  afterAll(() => service.close());

  it('takes a push from the web-push library and recovers its plaintext', async () => {
    const subscriber = service.createSubscriber({ applicationServerKey: keys.publicKey });
    const payload = JSON.stringify({ title: 'Новая запись · Мойка на Ленина', body: 'бокс 2' });
    await expect(
      webPush.send(subscriber.subscription, payload, keys, { ttlSeconds: 90, topic: 'abc' }),
    ).resolves.toBe('sent');
    const [message] = subscriber.messages();
    expect(message?.text).toBe(payload);
    expect(message).toMatchObject({ ttl: 90, urgency: 'high', topic: 'abc' });
    expect(message?.vapid).toMatchObject({ aud: service.origin, sub: subject, publicKey: keys.publicKey });
  });

  it('decrypts a payload near the 4 KB a push service takes', async () => {
    const subscriber = service.createSubscriber();
    const long = 'Ж'.repeat(1900);
    await webPush.send(subscriber.subscription, long, keys, options);
    expect(subscriber.messages()[0]?.text).toBe(long);
  });

  it('refuses a key other than the one the browser subscribed with', async () => {
    const subscriber = service.createSubscriber({ applicationServerKey: keys.publicKey });
    const other = webpush.generateVAPIDKeys();
    await expect(webPush.send(subscriber.subscription, 'x', other, options)).rejects.toThrow(/403/);
    expect(subscriber.messages()).toHaveLength(0);
    expect(service.refused().at(-1)).toMatchObject({ subscriberId: subscriber.id, status: 403 });
  });

  it('refuses a JWT not signed by the key it names', async () => {
    const subscriber = service.createSubscriber({ applicationServerKey: keys.publicKey });
    const forger = webpush.generateVAPIDKeys();
    const details = webpush.generateRequestDetails(subscriber.subscription, 'x', {
      vapidDetails: { subject, ...forger },
      contentEncoding: 'aes128gcm',
    });
    // The forger's JWT presented under the server's public key.
    const authorization = details.headers.Authorization!.replace(
      `k=${forger.publicKey}`,
      `k=${keys.publicKey}`,
    );
    const status = await post(
      details.endpoint,
      { ...details.headers, Authorization: authorization },
      details.body,
    );
    expect(status).toBe(403);
    expect(service.refused().at(-1)?.reason).toMatch(/jwt refused/);
  });

  it('refuses a JWT for another audience, an expired one and a push without one', async () => {
    const subscriber = service.createSubscriber();
    const details = webpush.generateRequestDetails(subscriber.subscription, 'x', {
      vapidDetails: { subject, ...keys },
      contentEncoding: 'aes128gcm',
    });
    const elsewhere = webpush.getVapidHeaders(
      'https://fcm.googleapis.com',
      subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    );
    expect(await post(details.endpoint, { ...details.headers, ...elsewhere }, details.body)).toBe(403);
    const expired = webpush.getVapidHeaders(
      service.origin,
      subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      Math.floor(Date.now() / 1000) - 60,
    );
    expect(await post(details.endpoint, { ...details.headers, ...expired }, details.body)).toBe(403);
    const { Authorization: _, ...unsigned } = details.headers;
    expect(await post(details.endpoint, unsigned, details.body)).toBe(401);
    expect(await post(details.endpoint, details.headers, details.body)).toBe(201);
  });

  it('refuses a payload encrypted for another browser', async () => {
    const subscriber = service.createSubscriber();
    const stranger = service.createSubscriber();
    const details = webpush.generateRequestDetails(
      { endpoint: subscriber.subscription.endpoint, keys: stranger.subscription.keys },
      'secret',
      { vapidDetails: { subject, ...keys }, contentEncoding: 'aes128gcm' },
    );
    expect(await post(details.endpoint, details.headers, details.body)).toBe(400);
    expect(subscriber.messages()).toHaveLength(0);
  });

  it('answers what it is told to: 410 is gone, 500 throws', async () => {
    const subscriber = service.createSubscriber();
    service.answerWith(subscriber.id, 410);
    await expect(webPush.send(subscriber.subscription, 'x', keys, options)).resolves.toBe('gone');
    service.answerWith(subscriber.id, 500);
    await expect(webPush.send(subscriber.subscription, 'x', keys, options)).rejects.toThrow(/500/);
    service.answerWith(subscriber.id, null);
    await expect(webPush.send(subscriber.subscription, 'x', keys, options)).resolves.toBe('sent');
    const unknown = { ...subscriber.subscription, endpoint: `${service.origin}/push/nobody` };
    await expect(webPush.send(unknown, 'x', keys, options)).resolves.toBe('gone');
  });

  it('waits for pushes to arrive', async () => {
    const subscriber = service.createSubscriber();
    const arrived = service.waitFor(1, { subscriberId: subscriber.id });
    await webPush.send(subscriber.subscription, 'later', keys, options);
    expect((await arrived)[0]?.text).toBe('later');
    await expect(service.waitFor(2, { subscriberId: subscriber.id, timeoutMs: 50 })).rejects.toThrow(
      /1 of 2/,
    );
  });
});
