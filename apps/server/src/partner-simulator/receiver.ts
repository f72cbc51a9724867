import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { PartnerCallback } from '@crm/shared';

/** One callback as the partner's endpoint received it. */
export interface ReceivedCallback {
  /** `webhook-id` (`cb_<n>`: the same on every retry of one callback). */
  webhookId: string;
  /** Whether the signature verified under the partner's secret (and the timestamp was fresh). */
  valid: boolean;
  /** A repeat of a `webhook-id` already received (a retry after a lost answer). */
  repeat: boolean;
  body: PartnerCallback | null;
  receivedAt: number;
}

export interface CallbackReceiver {
  /** `http://127.0.0.1:<port><path>`: what the partner's callback_url should be. */
  url: string;
  port: number;
  received: ReceivedCallback[];
  /** Resolves with the first callback (new or already received) that matches, or rejects after `timeoutMs`. */
  waitFor(match: (callback: ReceivedCallback) => boolean, timeoutMs?: number): Promise<ReceivedCallback>;
  close(): Promise<void>;
}

export interface ReceiverOptions {
  /** The partner's secret(s): a callback verifies under any (a rotation keeps the old one a day). */
  secrets: readonly string[];
  /** 0 (default): a free port. */
  port?: number;
  host?: string;
  path?: string;
  onCallback?: (callback: ReceivedCallback) => void;
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
};

/**
 * The partner's callback endpoint (issue 36): a tiny HTTP server that verifies each POST's Standard
 * Webhooks signature, answers 204 when it verifies (401 when not: the server then retries with
 * back-off) and keeps what it received.
 */
export async function startCallbackReceiver(options: ReceiverOptions): Promise<CallbackReceiver> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/partner-callbacks';
  const received: ReceivedCallback[] = [];
  const waiters = new Set<(callback: ReceivedCallback) => void>();
  const verifiers = options.secrets.map((secret) => new Webhook(secret));

  const server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST') {
        response.writeHead(405).end();
        return;
      }
      const text = await bodyOf(request);
      const headers = {
        'webhook-id': header(request, 'webhook-id'),
        'webhook-timestamp': header(request, 'webhook-timestamp'),
        'webhook-signature': header(request, 'webhook-signature'),
      };
      const valid = verifiers.some((verifier) => {
        try {
          verifier.verify(text, headers);
          return true;
        } catch {
          return false;
        }
      });
      let body: PartnerCallback | null;
      try {
        body = JSON.parse(text) as PartnerCallback;
      } catch {
        body = null;
      }
      const callback: ReceivedCallback = {
        webhookId: headers['webhook-id'],
        valid,
        repeat: received.some((r) => r.valid && r.webhookId === headers['webhook-id']),
        body,
        receivedAt: performance.timeOrigin + performance.now(),
      };
      received.push(callback);
      options.onCallback?.(callback);
      for (const waiter of waiters) waiter(callback);
      response.writeHead(valid ? 204 : 401).end();
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://${host}:${port}${path}`,
    port,
    received,
    waitFor(match, timeoutMs = 30_000) {
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching callback within ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs);
        const check = (callback: ReceivedCallback) => {
          if (!match(callback)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(callback);
        };
        waiters.add(check);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
