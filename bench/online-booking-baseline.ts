/**
 * The raw baseline of `bench:online-booking` (started by bench/online-booking.ts, not by hand): bare
 * `node:http` and `pg`, no framework, no validation, no availability logic. `GET /availability?date=…`
 * replays the statements the product sent for the public availability of that day (recorded in the same
 * run: the per-IP rate-limit upsert, the station by its code, the tariff and its prices, the boxes and the
 * day's live orders and blockers), with the caller's address (`x-forwarded-for`) swapped into the
 * rate-limit key, on one pooled connection (pool of 20, as the product's), and answers the rows as JSON.
 *
 *   BASELINE_DATABASE_URL, BASELINE_PORT, BASELINE_RECORDINGS (JSON: AvailabilityRecordings)
 */
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import pg from 'pg';
import type { RecordedStatement } from './support/sql-recorder';

// Instants stay strings, as the product's driver setup keeps them (drizzle's node-postgres session).
for (const oid of [1082, 1114, 1184, 1186]) pg.types.setTypeParser(oid, (v: string) => v);

export interface AvailabilityRecordings {
  /** The client address the recordings were made from: swapped for each request's. */
  recordedIp: string;
  /** Local date → the statements of one availability request of that day. */
  days: Record<string, RecordedStatement[]>;
}

const recordings = JSON.parse(
  readFileSync(process.env.BASELINE_RECORDINGS!, 'utf8'),
) as AvailabilityRecordings;
const pool = new pg.Pool({ connectionString: process.env.BASELINE_DATABASE_URL, max: 20 });
pool.on('error', () => {});

const swap = (value: unknown, ip: string) =>
  typeof value === 'string' && value.includes(recordings.recordedIp)
    ? value.split(recordings.recordedIp).join(ip)
    : value;

async function answer(statements: RecordedStatement[], ip: string, res: ServerResponse) {
  const client = await pool.connect();
  try {
    const results: unknown[] = [];
    for (const s of statements) {
      const values = s.values.map((v) => swap(v, ip));
      const result = s.rowMode
        ? await client.query({ text: s.text, values, rowMode: 'array' })
        : await client.query({ text: s.text, values });
      results.push(result.rows);
    }
    const body = JSON.stringify(results);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } finally {
    client.release();
  }
}

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://baseline');
  if (url.pathname === '/health') {
    res.writeHead(200).end('ok');
    return;
  }
  const statements = recordings.days[url.searchParams.get('date') ?? ''];
  if (url.pathname !== '/availability' || !statements) {
    res.writeHead(404).end();
    return;
  }
  const forwarded = req.headers['x-forwarded-for'];
  const ip = typeof forwarded === 'string' && forwarded ? forwarded : recordings.recordedIp;
  answer(statements, ip, res).catch((error: unknown) => {
    if (!res.headersSent) res.writeHead(500);
    res.end(String(error));
  });
}).listen(Number(process.env.BASELINE_PORT), '127.0.0.1');
