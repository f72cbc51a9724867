/**
 * The raw baseline of `bench:api` (started by bench/api.ts, not by hand): bare `node:http` and `pg`,
 * no framework. For each request it replays the statements the product server sent for the same
 * request (recorded by bench/support/sql-recorder.ts) on one pooled connection, and answers with the
 * rows as JSON. No validation, no DTO mapping: what the SQL alone costs over HTTP.
 *
 *   BASELINE_DATABASE_URL, BASELINE_PORT, BASELINE_RECORDINGS (a JSON file: key → statements)
 *   keys: `list <station_id>` for POST /api/order/list (`history <station_id>` with `history: true`,
 *   `search <station_id>` with a search too), `new <station_id>` for GET /api/order/list/new/{id},
 *   `rating <station_id>` and `analytics <station_id>` for GET /api/station/rating|analytics/{id}
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import type { RecordedStatement } from './support/sql-recorder';

// Instants stay strings, as the product's driver setup keeps them (drizzle's node-postgres session).
for (const oid of [1082, 1114, 1184, 1186]) pg.types.setTypeParser(oid, (v: string) => v);

const recordings = JSON.parse(readFileSync(process.env.BASELINE_RECORDINGS!, 'utf8')) as Record<
  string,
  RecordedStatement[]
>;
const pool = new pg.Pool({ connectionString: process.env.BASELINE_DATABASE_URL, max: 20 });
pool.on('error', () => {});

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function keyOf(req: IncomingMessage): Promise<string | null> {
  const path = (req.url ?? '').split('?')[0]!;
  if (req.method === 'POST' && path === '/api/order/list') {
    const body = JSON.parse(await readBody(req)) as {
      station_id?: string;
      history?: boolean;
      search?: string;
    };
    const kind = !body.history ? 'list' : body.search ? 'search' : 'history';
    return `${kind} ${body.station_id}`;
  }
  const match = /^\/api\/order\/list\/new\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && match) return `new ${match[1]}`;
  const figures = /^\/api\/station\/(rating|analytics)\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && figures) return `${figures[1]} ${figures[2]}`;
  if (req.method === 'GET' && path === '/health') return 'health';
  return null;
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const key = await keyOf(req);
  if (key === 'health') {
    res.writeHead(200).end('ok');
    return;
  }
  const statements = key ? recordings[key] : undefined;
  if (!statements) {
    res.writeHead(404).end();
    return;
  }
  const client = await pool.connect();
  try {
    const results: unknown[] = [];
    for (const s of statements) {
      const result = s.rowMode
        ? await client.query({ text: s.text, values: s.values, rowMode: 'array' })
        : await client.query({ text: s.text, values: s.values });
      results.push(result.rows);
    }
    const body = JSON.stringify(results);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } finally {
    client.release();
  }
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    res.writeHead(500).end(String(error));
  });
});
server.listen(Number(process.env.BASELINE_PORT), '127.0.0.1');
process.once('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
