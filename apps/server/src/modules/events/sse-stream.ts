import type { ServerResponse } from 'node:http';

/** Proxies and load balancers drop a silent connection after 30–60 s; a comment line keeps it open. */
export const heartbeatMs = 25_000;

/** The `retry` hint: how soon an EventSource reconnects after a drop. */
export const reconnectMs = 2000;

export interface SseStream {
  send(event: string, data: unknown): void;
  /** Ends the response (server shutdown); `onClose` runs once either way. */
  end(): void;
}

/**
 * Turns a raw response into a server-sent event stream: headers, a `retry` hint, heartbeats, and one
 * clean-up when the client goes away or the server ends the stream.
 */
export function openSseStream(
  res: ServerResponse,
  options: { headers?: Record<string, unknown>; heartbeat?: number; onClose: () => void },
): SseStream {
  res.writeHead(200, {
    ...options.headers,
    'content-type': 'text/event-stream; charset=utf-8',
    // no-transform: a compressing proxy must not buffer the stream.
    'cache-control': 'no-store, no-transform',
    // HTTP/2 forbids connection headers (its streams share one connection anyway).
    ...(res.req?.httpVersionMajor === 1 ? { connection: 'keep-alive' } : {}),
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  // The first line tells the client the subscription is live. `retry`: a browser reconnects this long after
  // the stream ends or breaks — its instance stopped or crashed — through the proxy to another (issue 41:
  // within 5 s of a crash).
  res.write(`retry: ${reconnectMs}\n: connected\n\n`);

  const timer = setInterval(() => res.write(': heartbeat\n\n'), options.heartbeat ?? heartbeatMs);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(timer);
    options.onClose();
  };
  res.on('close', close);
  res.on('error', close);

  return {
    send(event, data) {
      if (!closed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      close();
      res.end();
    },
  };
}
