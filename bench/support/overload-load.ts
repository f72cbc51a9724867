/**
 * The two loads of bench:overload on one call: autocannon (each connection sends its next request the
 * moment an answer arrives, 503s included) and «polite» clients that wait as Retry-After says after a 503,
 * the way the web client does (apps/web/src/lib/api-client.ts). Latencies are kept per status: a 503
 * answered in 1 ms must not make the calendar look fast.
 */
import type { EventEmitter } from 'node:events';
import { Agent, request } from 'node:http';
import autocannon, { type Result } from 'autocannon';

export interface LoadSpec {
  url: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  connections: number;
  duration: number;
}

export interface LoadResult {
  /** Seconds the load ran. */
  duration: number;
  byStatus: Map<number, number[]>;
  errors: number;
}

function record(byStatus: Map<number, number[]>, status: number, ms: number) {
  let list = byStatus.get(status);
  if (!list) byStatus.set(status, (list = []));
  list.push(ms);
}

export async function hammer(spec: LoadSpec): Promise<LoadResult> {
  const byStatus = new Map<number, number[]>();
  const instance = autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.duration,
    timeout: 60,
    requests: [{ method: 'POST', path: spec.path, headers: spec.headers, body: spec.body }],
  }) as unknown as Promise<Result> & EventEmitter;
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) =>
    record(byStatus, status, ms),
  );
  const result = await instance;
  return { duration: result.duration, byStatus, errors: result.errors + result.timeouts };
}

/** One HTTP call on `agent` (keep-alive pool, or none: a fresh connection), its status and Retry-After. */
export function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; agent: Agent | false },
): Promise<{ status: number; retryAfter: number | null }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, agent: init.agent },
      (res) => {
        res.resume();
        res.once('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'] ? Number(res.headers['retry-after']) : null,
          }),
        );
        res.once('error', reject);
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error('timeout')));
    req.once('error', reject);
    req.end(init.body);
  });
}

export async function politeClients(spec: LoadSpec): Promise<LoadResult> {
  const byStatus = new Map<number, number[]>();
  // Its own pool: the liveness probe must not queue behind the load inside this process.
  const agent = new Agent({ keepAlive: true, maxSockets: spec.connections });
  let errors = 0;
  const started = performance.now();
  const end = started + spec.duration * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const sent = performance.now();
      try {
        const res = await call(`${spec.url}${spec.path}`, {
          method: 'POST',
          headers: spec.headers,
          body: spec.body,
          agent,
        });
        record(byStatus, res.status, performance.now() - sent);
        if (res.status === 503) {
          // As the web client: Retry-After, spread by up to half of it.
          const wait = (res.retryAfter ?? 2) * 1000 * (1 + Math.random() / 2);
          await new Promise((r) => setTimeout(r, Math.min(wait, Math.max(0, end - performance.now()))));
        }
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: spec.connections }, client));
  agent.destroy();
  return { duration: (performance.now() - started) / 1000, byStatus, errors };
}
