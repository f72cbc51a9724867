import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { z } from 'zod';
import type { PushSubscriptionJson } from '@crm/shared';
import type { PushOutcome, VapidKeys, WebPush } from '../../adapters/web-push';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { pushSubscriptions, serverKeys } from '../../db/schema';
import { badRequest } from '../../plugins/errors';

/** What the service worker (`/sw.js`) shows: a notification that opens `url`, replacing one with the same tag. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  orderId: string | null;
}

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * A user's browsers and phones. More than this is not a person's devices but a loop or an abuser, and
 * every new order would be sent to each of them: the oldest make room.
 */
export const maxSubscriptionsPerUser = 20;

const storedKeysSchema = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });

/**
 * The VAPID key pair: from the environment, else made once and kept in `server_keys`. Insert-if-absent
 * then read, so instances starting together on one database all end up with the first one's pair —
 * browsers subscribed with one public key would reject a push signed with another.
 */
export async function loadVapidKeys(db: Database, config: Pick<Config, 'vapid'>): Promise<VapidKeys> {
  if (config.vapid) return config.vapid;
  await db
    .insert(serverKeys)
    .values({ name: 'vapid', value: webpush.generateVAPIDKeys() })
    .onConflictDoNothing({ target: serverKeys.name });
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, 'vapid'));
  return storedKeysSchema.parse(row?.value);
}

/** `loadVapidKeys` once per app (or channel); a failed load is tried again on the next call. */
export function vapidKeyStore(db: Database, config: Pick<Config, 'vapid'>): () => Promise<VapidKeys> {
  let keys: Promise<VapidKeys> | null = null;
  return () => {
    if (!keys) {
      keys = loadVapidKeys(db, config);
      keys.catch(() => (keys = null));
    }
    return keys;
  };
}

/** https, on a DNS name that is not local: every real push service (FCM, Mozilla, Apple, WNS) is one. */
function isPublicHttpsEndpoint(endpoint: string): boolean {
  const url = new URL(endpoint);
  const host = url.hostname.toLowerCase();
  const ipLiteral = /^[\d.]+$/.test(host) || host.startsWith('[');
  const local =
    host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || !host.includes('.');
  return url.protocol === 'https:' && !ipLiteral && !local;
}

/**
 * Stores this browser's subscription for the user. An endpoint is one browser profile: on a shared
 * device it moves to whoever subscribed last (with a new id, so pending deliveries of the previous
 * user never reach the new one).
 */
export async function saveSubscription(
  db: Database,
  config: Pick<Config, 'publicUrl'>,
  userId: string,
  subscription: PushSubscriptionJson,
  userAgent: string | undefined,
) {
  // A served product only talks to real push services, which have public https names; plain http and
  // addresses by IP or localhost are for local stand-ins (dev, tests). Otherwise a signed-in user could make
  // the server post to machines of its own network.
  if (config.publicUrl.startsWith('https://') && !isPublicHttpsEndpoint(subscription.endpoint)) {
    throw badRequest({ 'subscription.endpoint': 'Адрес подписки должен начинаться с https://' });
  }
  const values = {
    userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: userAgent?.slice(0, 512) ?? null,
  };
  await db.transaction(async (tx) => {
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, values.endpoint), ne(pushSubscriptions.userId, userId)));
    await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: values.p256dh, auth: values.auth, userAgent: values.userAgent },
      });
    const rows = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    const excess = rows.slice(0, Math.max(0, rows.length - maxSubscriptionsPerUser));
    for (const row of excess) await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
  });
}

/** Forgets this browser's subscription; only the caller's own, so an endpoint seen elsewhere is no lever. */
export async function deleteSubscription(db: Database, userId: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}

/** Is this endpoint stored for the user; without an endpoint, has the user any subscription. */
export async function isSubscribed(db: Database, userId: string, endpoint: string | undefined) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(pushSubscriptions)
    .where(
      endpoint === undefined
        ? eq(pushSubscriptions.userId, userId)
        : and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)),
    )
    .limit(1);
  return !!row;
}

export async function subscriptionsOf(db: Database, userId: string) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/**
 * Sends one payload to one stored subscription; a subscription the push service calls gone is deleted.
 * `topic` (≤ 32 base64url characters) lets the push service drop an undelivered older message on it.
 */
export async function pushToSubscription(
  db: Database,
  webPush: WebPush,
  keys: VapidKeys,
  row: PushSubscriptionRow,
  payload: PushPayload,
  options: { ttlSeconds: number; topic?: string },
): Promise<PushOutcome> {
  const outcome = await webPush.send(
    { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
    JSON.stringify(payload),
    keys,
    options,
  );
  if (outcome === 'gone') await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
  return outcome;
}

export const testPushPayload: PushPayload = {
  title: 'Тестовое уведомление',
  body: 'Так будут приходить уведомления о записях.',
  url: '/',
  tag: 'test',
  orderId: null,
};

/**
 * The admin's demo panel (DESIGN §11): a push to each of the caller's own subscriptions, now, without the
 * outbox. Returns how many push services took it; one failing device does not stop the others.
 */
export async function sendTestPush(
  db: Database,
  webPush: WebPush,
  keys: VapidKeys,
  userId: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number> {
  const rows = await subscriptionsOf(db, userId);
  const outcomes = await Promise.allSettled(
    rows.map((row) => pushToSubscription(db, webPush, keys, row, testPushPayload, { ttlSeconds: 60 })),
  );
  for (const outcome of outcomes) {
    // The reason only: the endpoint is a capability URL and stays out of the log.
    if (outcome.status === 'rejected') {
      log.warn({ reason: (outcome.reason as Error)?.message }, 'test push failed');
    }
  }
  return outcomes.filter((o) => o.status === 'fulfilled' && o.value === 'sent').length;
}
