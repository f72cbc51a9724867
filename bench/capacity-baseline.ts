/**
 * The raw baseline of `bench:capacity` (started by bench/capacity.ts, not by hand): bare `node:http` and
 * `pg`, no framework, answering an operator screen's calls with the very statements the product sent for
 * them (recorded by bench/support/capacity-recordings.ts), on one pooled connection per request:
 *
 * - `GET /api/order/calendar?station_id=…`: the statements of a 304 answer (session, station access,
 *   the station's calendar version); the tag is a hash of the last one's rows, so it changes when the
 *   product's writes bump the version. A matching If-None-Match answers 304; otherwise the rest of the
 *   200 answer's statements run (the rows). Without a recorded 304 (a server without the route's tag)
 *   every poll runs the 200 statements.
 * - `GET /api/order/list/new/{id}`, `GET /api/order/{id}` (the recorded order id swapped for the asked
 *   one), `POST /api/own_order/update/{id}` (the recorded write of that order, in its transaction).
 * - `GET /api/events?station_id=…`: the stream's opening statements, then one LISTEN connection for
 *   the process fanned out in memory by station, as the product does.
 *
 *   BASELINE_DATABASE_URL, BASELINE_PORT, BASELINE_RECORDINGS (JSON: CapacityRecordings)
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import type { CapacityRecordings } from './support/capacity-recordings';
import type { RecordedStatement } from './support/sql-recorder';

// Instants stay strings, as the product's driver setup keeps them (drizzle's node-postgres session).
for (const oid of [1082, 1114, 1184, 1186]) pg.types.setTypeParser(oid, (v: string) => v);

const recordings = JSON.parse(readFileSync(process.env.BASELINE_RECORDINGS!, 'utf8')) as CapacityRecordings;
const pool = new pg.Pool({ connectionString: process.env.BASELINE_DATABASE_URL, max: 20 });
pool.on('error', () => {});

async function replay(statements: RecordedStatement[], swap?: [string, string]): Promise<unknown[][]> {
  const client = await pool.connect();
  try {
    const results: unknown[][] = [];
    for (const s of statements) {
      const values = swap ? s.values.map((v) => (v === swap[0] ? swap[1] : v)) : s.values;
      const result = s.rowMode
        ? await client.query({ text: s.text, values, rowMode: 'array' })
        : await client.query({ text: s.text, values });
      results.push(result.rows as unknown[]);
    }
    return results;
  } catch (error) {
    // A failed statement inside a recorded transaction leaves it open: end it before the pool reuses it.
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

async function calendar(req: IncomingMessage, res: ServerResponse, stationId: string) {
  const full = recordings.calendar[stationId];
  if (!full) return json(res, 404, null);
  const check = recordings.calendarNotModified[stationId];
  if (!check) return json(res, 200, await replay(full));
  const checked = await replay(check);
  const etag = `W/"${createHash('sha1')
    .update(JSON.stringify(checked.at(-1)))
    .digest('base64url')}"`;
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { etag }).end();
    return;
  }
  const rows = await replay(full.slice(check.length));
  json(res, 200, rows, { etag });
}

/** Open streams by station, fed by one LISTEN connection. */
const streams = new Map<string, Set<ServerResponse>>();
const listener = new pg.Client({ connectionString: process.env.BASELINE_DATABASE_URL });
listener.on('notification', (message) => {
  let stationId: string | undefined;
  try {
    stationId = (JSON.parse(message.payload ?? '') as { station_id?: string }).station_id;
  } catch {
    return;
  }
  const line = `event: order\ndata: ${message.payload}\n\n`;
  for (const res of streams.get(stationId ?? '') ?? []) res.write(line);
});
listener.on('error', () => {});
await listener.connect();
await listener.query('LISTEN order_events');

async function events(req: IncomingMessage, res: ServerResponse, stationId: string) {
  const opening = recordings.events[stationId];
  if (!opening) return json(res, 404, null);
  await replay(opening);
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  res.write('retry: 5000\n: connected\n\n');
  let set = streams.get(stationId);
  if (!set) streams.set(stationId, (set = new Set()));
  set.add(res);
  const timer = setInterval(() => res.write(': heartbeat\n\n'), 25_000);
  res.on('close', () => {
    clearInterval(timer);
    set.delete(res);
  });
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://baseline');
  const path = url.pathname;
  if (req.method === 'GET' && path === '/health') return void res.writeHead(200).end('ok');
  if (req.method === 'GET' && path === '/api/order/calendar') {
    return calendar(req, res, url.searchParams.get('station_id') ?? '');
  }
  if (req.method === 'GET' && path === '/api/events') {
    return events(req, res, url.searchParams.get('station_id') ?? '');
  }
  const newOrders = /^\/api\/order\/list\/new\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && newOrders) {
    const statements = recordings.newOrders[newOrders[1]!];
    return statements ? json(res, 200, await replay(statements)) : json(res, 404, null);
  }
  const update = /^\/api\/own_order\/update\/([^/]+)$/.exec(path);
  if (req.method === 'POST' && update) {
    // The body is read (and ignored): the recorded write carries its values.
    for await (const chunk of req) void chunk;
    const statements = recordings.write[update[1]!];
    return statements ? json(res, 200, await replay(statements)) : json(res, 404, null);
  }
  const order = /^\/api\/order\/([0-9a-f-]{36})$/.exec(path);
  if (req.method === 'GET' && order) {
    const { orderId, statements } = recordings.order;
    return json(res, 200, await replay(statements, [orderId, order[1]!]));
  }
  json(res, 404, null);
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    if (!res.headersSent) res.writeHead(500);
    res.end(String(error));
  });
});
server.listen(Number(process.env.BASELINE_PORT), '127.0.0.1');
process.once('SIGTERM', () => {
  for (const set of streams.values()) for (const res of set) res.end();
  server.close();
  void Promise.all([pool.end(), listener.end()]).then(() => process.exit(0));
});
