/**
 * The raw baseline of `bench:partners` (started by bench/partners.ts, not by hand): bare `node:http` and
 * `pg`, no framework, no signature check, answering `POST /book` by replaying the statements the product
 * sent for one partner booking (recorded in the same run: partner lookup, webhook-id claim, idempotency
 * lookup, station and tariff, free boxes, then in one transaction the box lock, the idempotency claim, the
 * order insert, the answer's update, the order event; and the exchange log), with the partner, station,
 * tariff, partner order id, webhook id and times of this request swapped in, and the new order's id taken
 * from the insert's answer, on one pooled connection (pool of 20, as the product's).
 *
 *   BASELINE_DATABASE_URL, BASELINE_PORT, BASELINE_RECORDINGS (JSON: PartnerRecordings)
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import pg from 'pg';
import type { RecordedStatement } from './support/sql-recorder';

for (const oid of [1082, 1114, 1184, 1186]) pg.types.setTypeParser(oid, (v: string) => v);

export interface PartnerTarget {
  partnerId: string;
  stationId: string;
  tariffId: string;
  partnerStationId: string;
}

export interface PartnerRecordings {
  statements: RecordedStatement[];
  /** What the recorded booking was made of: swapped for each replayed one. */
  recorded: PartnerTarget & {
    partnerOrderId: string;
    webhookId: string;
    start: string;
    end: string;
    orderId: string;
  };
  partners: PartnerTarget[];
}

export interface BaselineBooking {
  partner: number;
  partnerOrderId: string;
  webhookId: string;
  start: string;
  end: string;
}

const recordings = JSON.parse(readFileSync(process.env.BASELINE_RECORDINGS!, 'utf8')) as PartnerRecordings;
const pool = new pg.Pool({ connectionString: process.env.BASELINE_DATABASE_URL, max: 20 });
pool.on('error', () => {});
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function swapper(pairs: [string, string][]) {
  const swapOne = (value: unknown): unknown => {
    if (typeof value === 'string') {
      let out = value;
      for (const [from, to] of pairs) if (out.includes(from)) out = out.split(from).join(to);
      return out;
    }
    if (value instanceof Date) {
      const iso = value.toISOString();
      const hit = pairs.find(([from]) => from === iso);
      return hit ? new Date(hit[1]) : value;
    }
    return value;
  };
  return swapOne;
}

async function book(b: BaselineBooking) {
  const r = recordings.recorded;
  const target = recordings.partners[b.partner]!;
  const pairs: [string, string][] = [
    [r.partnerOrderId, b.partnerOrderId],
    [r.webhookId, b.webhookId],
    [r.start, b.start],
    [r.end, b.end],
    [r.partnerId, target.partnerId],
    [r.stationId, target.stationId],
    [r.tariffId, target.tariffId],
    [r.partnerStationId, target.partnerStationId],
  ];
  const client = await pool.connect();
  try {
    for (const s of recordings.statements) {
      const swap = swapper(pairs);
      const values = s.values.map(swap);
      const result = s.rowMode
        ? await client.query({ text: s.text, values, rowMode: 'array' })
        : await client.query({ text: s.text, values });
      if (/^insert into "orders"/i.test(s.text)) {
        const row = result.rows[0] as unknown[] | Record<string, unknown> | undefined;
        const cells = Array.isArray(row) ? row : Object.values(row ?? {});
        const id = cells.find((c) => typeof c === 'string' && uuid.test(c)) as string | undefined;
        if (id) pairs.push([r.orderId, id]);
      }
    }
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

createServer((req, res) => {
  if (req.url === '/health') {
    res.writeHead(200).end('ok');
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { baseline: BaselineBooking };
    book(body.baseline).then(
      () => {
        const text = JSON.stringify({ partner_order_id: body.baseline.partnerOrderId });
        res.writeHead(201, { 'content-type': 'application/json' }).end(text);
      },
      (error: unknown) => {
        res.writeHead(500).end(String(error));
      },
    );
  });
}).listen(Number(process.env.BASELINE_PORT), '127.0.0.1');
