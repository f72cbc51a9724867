import webpush from 'web-push';
import type { Config } from '../config';

/** The server's VAPID key pair (base64url, as `webpush.generateVAPIDKeys()` makes it). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** What a push service needs to reach one browser: `PushSubscription.toJSON()` without the expiry. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushOptions {
  /** How long the push service may hold the message for a browser that is offline. */
  ttlSeconds: number;
  /** Lets a push service drop an undelivered message when a newer one with the same topic arrives. */
  topic?: string;
}

/**
 * `sent`: the push service took the message. `gone`: it says the subscription no longer exists (404/410).
 * Any other answer or a network failure throws, so the outbox tries again later.
 */
export type PushOutcome = 'sent' | 'gone';

/** Web Push (RFC 8030) with VAPID (RFC 8292) and an aes128gcm payload (RFC 8291). */
export interface WebPush {
  send(target: PushTarget, payload: string, keys: VapidKeys, options: PushOptions): Promise<PushOutcome>;
}

export const WEB_PUSH_TIMEOUT_MS = 5000;

const acceptedStatuses = new Set([200, 201, 202]);
const goneStatuses = new Set([404, 410]);

/**
 * The library builds the request (JWT, encryption, headers); we send it with `fetch`, because its own
 * sender always speaks https and the local push-service stand-in is plain http.
 */
export function createWebPush(
  config: Pick<Config, 'vapidSubject'>,
  timeoutMs: number = WEB_PUSH_TIMEOUT_MS,
): WebPush {
  return {
    async send(target, payload, keys, options) {
      const details = webpush.generateRequestDetails(target, payload, {
        vapidDetails: {
          subject: config.vapidSubject,
          publicKey: keys.publicKey,
          privateKey: keys.privateKey,
        },
        TTL: options.ttlSeconds,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
        ...(options.topic ? { topic: options.topic } : {}),
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
      // fetch computes it from the body and refuses a hand-set one.
      delete headers['Content-Length'];
      const response = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        // A Uint8Array view: the bench workspace type-checks this file under the DOM lib, where Buffer is no BodyInit.
        body: details.body ? new Uint8Array(details.body) : null,
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The body may echo the endpoint (a capability URL); only the status is worth keeping.
      await response.body?.cancel();
      if (acceptedStatuses.has(response.status)) return 'sent';
      if (goneStatuses.has(response.status)) return 'gone';
      throw new Error(`push service answered ${response.status}`);
    },
  };
}
