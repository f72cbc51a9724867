import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

/**
 * A local push service (RFC 8030) for tests, e2e and bench: it refuses what a real one refuses — a
 * missing or forged VAPID JWT (RFC 8292), a key other than the one the browser subscribed with — and,
 * unlike a real one, also plays the browser: it decrypts the aes128gcm body (RFC 8291) with the
 * subscriber's private key, so a test sees exactly what the service worker would get.
 */

export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface Subscriber {
  id: string;
  subscription: PushSubscriptionJson;
  /** The plaintexts this subscriber received, oldest first. */
  messages(): ReceivedPush[];
}

export interface ReceivedPush {
  subscriberId: string;
  /** The decrypted payload. */
  text: string;
  json(): unknown;
  ttl: number | null;
  urgency: string | null;
  topic: string | null;
  /** The verified JWT claims. */
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
  receivedAt: number;
}

export interface RefusedPush {
  subscriberId: string;
  status: number;
  reason: string;
}

export interface PushServiceStandIn {
  /** http://127.0.0.1:<port> */
  origin: string;
  /**
   * A new browser subscription. With `applicationServerKey` (the server's VAPID public key, as the browser
   * passes it to `pushManager.subscribe`) only that key may push to it, as with a real push service.
   */
  createSubscriber(options?: { applicationServerKey?: string }): Subscriber;
  /** Every accepted push, oldest first. */
  received(): ReceivedPush[];
  /** Every refused push, oldest first. */
  refused(): RefusedPush[];
  /** Answer this status to pushes for the subscriber from now on (410: unsubscribed, 500: outage); null resets. */
  answerWith(subscriberId: string, status: number | null): void;
  /** Resolves once `count` pushes were accepted in all (or for one subscriber); rejects after `timeoutMs`. */
  waitFor(count: number, options?: { subscriberId?: string; timeoutMs?: number }): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/** A JWT may live at most 24 h (RFC 8292 §2). */
const maxJwtSeconds = 24 * 60 * 60;
const maxBodyBytes = 4096 + 1024;

interface SubscriberState {
  ecdh: ECDH;
  publicKey: Buffer;
  authSecret: Buffer;
  applicationServerKey: string | null;
  forcedStatus: number | null;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

const b64u = (buffer: Buffer) => buffer.toString('base64url');

/** The JWK of an uncompressed P-256 point (0x04 ‖ x ‖ y), the form VAPID's `k=` carries. */
function p256Jwk(raw: Buffer) {
  if (raw.length !== 65 || raw[0] !== 4) throw new Refusal(401, 'k is not an uncompressed P-256 key');
  return { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) };
}

/** `Authorization: vapid t=<JWT>, k=<public key>` checked against the endpoint's origin. */
async function verifyVapid(header: string | undefined, origin: string, state: SubscriberState) {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match) throw new Refusal(401, 'no vapid authorization');
  const params = new Map<string, string>();
  for (const part of match[1]!.split(',')) {
    const [name, ...rest] = part.trim().split('=');
    params.set(name!.trim(), rest.join('=').trim());
  }
  const token = params.get('t');
  const k = params.get('k');
  if (!token || !k) throw new Refusal(401, 'vapid t or k missing');
  if (state.applicationServerKey && k !== state.applicationServerKey) {
    throw new Refusal(403, 'k is not the key the subscription was made with');
  }
  const key = await importJWK(p256Jwk(Buffer.from(k, 'base64url')), 'ES256');
  let payload;
  try {
    ({ payload } = await jwtVerify(token, key, { algorithms: ['ES256'], audience: origin }));
  } catch (error) {
    throw new Refusal(403, `jwt refused: ${(error as Error).message}`);
  }
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== 'number' || payload.exp <= now || payload.exp > now + maxJwtSeconds) {
    throw new Refusal(403, 'jwt exp missing or beyond 24 h');
  }
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) {
    throw new Refusal(403, 'jwt sub missing');
  }
  return { aud: origin, sub: payload.sub, exp: payload.exp, publicKey: k };
}

/** RFC 8291 + RFC 8188: the plaintext of an aes128gcm body, as the browser would recover it. */
export function decryptAes128gcm(
  body: Buffer,
  receiver: { ecdh: ECDH; publicKey: Buffer; authSecret: Buffer },
): string {
  if (body.length < 21) throw new Refusal(400, 'body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  if (senderKey.length !== 65 || recordSize < 18) throw new Refusal(400, 'bad aes128gcm header');
  const content = body.subarray(21 + idLength);

  let ecdhSecret: Buffer;
  try {
    ecdhSecret = receiver.ecdh.computeSecret(senderKey);
  } catch {
    throw new Refusal(400, 'sender key is not on the curve');
  }
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, receiver.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const parts: Buffer[] = [];
  let seq = 0;
  for (let offset = 0; offset < content.length; offset += recordSize, seq++) {
    const record = content.subarray(offset, offset + recordSize);
    const last = offset + recordSize >= content.length;
    if (record.length < 17) throw new Refusal(400, 'record shorter than its tag');
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new Refusal(400, 'payload does not decrypt with the subscription keys');
    }
    // Padding: zeros after a delimiter, 0x02 on the last record and 0x01 on the others.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    if (end < 0 || plain[end] !== (last ? 2 : 1)) throw new Refusal(400, 'bad record padding');
    parts.push(plain.subarray(0, end));
  }
  return Buffer.concat(parts).toString('utf8');
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBodyBytes) throw new Refusal(413, 'payload too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const subscribers = new Map<string, SubscriberState>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  async function accept(request: IncomingMessage, id: string): Promise<number> {
    const state = subscribers.get(id);
    if (!state) throw new Refusal(404, 'no such subscription');
    const vapid = await verifyVapid(request.headers.authorization, origin, state);
    if (state.forcedStatus !== null) {
      request.resume();
      return state.forcedStatus;
    }
    if (request.headers['content-encoding'] !== 'aes128gcm') throw new Refusal(415, 'not aes128gcm');
    const text = decryptAes128gcm(await readBody(request), state);
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const ttl = header('ttl');
    received.push({
      subscriberId: id,
      text,
      json: () => JSON.parse(text) as unknown,
      ttl: ttl === null ? null : Number(ttl),
      urgency: header('urgency'),
      topic: header('topic'),
      vapid,
      receivedAt: Date.now(),
    });
    for (const wake of waiters) wake();
    return 201;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const match = /^\/push\/([A-Za-z0-9_-]+)$/.exec(request.url ?? '');
    const id = match?.[1] ?? '';
    let status: number;
    try {
      if (request.method !== 'POST' || !match) throw new Refusal(404, 'not a push endpoint');
      status = await accept(request, id);
    } catch (error) {
      status = error instanceof Refusal ? error.status : 500;
      refused.push({ subscriberId: id, status, reason: (error as Error).message });
      request.resume();
    }
    response.writeHead(status, { 'content-length': '0' }).end();
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const countFor = (subscriberId?: string) =>
    received.filter((r) => subscriberId === undefined || r.subscriberId === subscriberId);

  return {
    origin,
    createSubscriber(options = {}) {
      const id = randomBytes(12).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const state: SubscriberState = {
        ecdh,
        publicKey: ecdh.getPublicKey(),
        authSecret: randomBytes(16),
        applicationServerKey: options.applicationServerKey ?? null,
        forcedStatus: null,
      };
      subscribers.set(id, state);
      return {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: b64u(state.publicKey), auth: b64u(state.authSecret) },
        },
        messages: () => countFor(id),
      };
    },
    received: () => [...received],
    refused: () => [...refused],
    answerWith(subscriberId, status) {
      const state = subscribers.get(subscriberId);
      if (state) state.forcedStatus = status;
    },
    waitFor(count, { subscriberId, timeoutMs = 5000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const got = countFor(subscriberId);
          if (got.length < count) return;
          cleanup();
          resolve(got);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`push stand-in: ${countFor(subscriberId).length} of ${count} pushes arrived`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
