/**
 * Prepares a seeded database for `bench:capacity` before its server starts (PGlite's directory is the
 * server's alone once it runs): a session per screen, one own order per station that the write trickle
 * edits, the new orders cut to what a station really has waiting, and — on PostgreSQL — the statements
 * the product sends for each of a screen's calls, recorded in-process for the raw baseline
 * (bench/capacity-baseline.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { createAdapters } from '../../apps/server/src/adapters';
import { loadConfig } from '../../apps/server/src/config';
import type { DatabaseHandle } from '../../apps/server/src/db/client';
import { sessions } from '../../apps/server/src/db/schema';
import { createBody, currentWeek } from './requests';
import type { BenchNetwork } from './seed-network';
import { recordSql, type RecordedStatement } from './sql-recorder';
import { openSse } from './sse-client';

/** What the raw baseline replays, by station id (`write` by the edited order's id). */
export interface CapacityRecordings {
  calendar: Record<string, RecordedStatement[]>;
  /** The statements of a 304 answer; a prefix of `calendar`'s. */
  calendarNotModified: Record<string, RecordedStatement[]>;
  newOrders: Record<string, RecordedStatement[]>;
  events: Record<string, RecordedStatement[]>;
  write: Record<string, RecordedStatement[]>;
  order: { orderId: string; statements: RecordedStatement[] };
}

export interface PreparedScreens {
  /** Session tokens, one per screen. */
  tokens: string[];
  userId: string;
  /** Per station (in `net.stationIds` order): the order the trickle edits and the edit's body. */
  edits: { orderId: string; body: Record<string, unknown> }[];
  /** The server has `GET /api/order/calendar` with a tag; without it the week poll is `POST /api/order/list`. */
  calendarRoute: boolean;
  recordings?: CapacityRecordings;
}

export interface PrepareOptions {
  screens: number;
  /** New orders left waiting per station (S1 §3: operators accept them within minutes). */
  newOrdersPerStation: number;
  /** Record the SQL for the raw baseline (PostgreSQL). */
  record: boolean;
  config: Record<string, string>;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function insertSessions(handle: DatabaseHandle, userId: string, count: number): Promise<string[]> {
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  const expiresAt = new Date(Date.now() + 7 * 86_400_000);
  for (let i = 0; i < tokens.length; i += 1000) {
    await handle.db
      .insert(sessions)
      .values(tokens.slice(i, i + 1000).map((t) => ({ id: hashToken(t), userId, expiresAt, via: 'web' })));
  }
  return tokens;
}

export const calendarPath = (stationId: string) => {
  const week = currentWeek();
  return `/api/order/calendar?station_id=${stationId}&date_start=${week.date_start}&date_end=${week.date_end}`;
};

export async function prepareScreens(
  handle: DatabaseHandle,
  net: BenchNetwork,
  options: PrepareOptions,
): Promise<PreparedScreens> {
  // The bench seed leaves ≈ 27 orders per station waiting for «Принять»; a working station has a few.
  await handle.db.execute(sql`
    update orders set status = 'Booked'
    where network_id = ${net.networkId} and status = 'Accepted' and id not in (
      select id from (
        select id, row_number() over (partition by station_id order by booking_start) as k
        from orders where network_id = ${net.networkId} and status = 'Accepted' and booking_end > now()
      ) ranked where k <= ${options.newOrdersPerStation})`);
  const tokens = await insertSessions(handle, net.userId, options.screens);
  const headers = { cookie: `crm_sid=${tokens[0]}`, 'x-user-id': net.userId };

  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: '0', ...options.config });
  const app = await buildApp({
    db: handle.db,
    database: handle,
    config,
    adapters: createAdapters(config),
    webDist: null,
  });
  try {
    const call = async (method: 'GET' | 'POST', url: string, payload?: object, extra = {}) => {
      const res = await app.inject({ method, url, headers: { ...headers, ...extra }, payload });
      return res;
    };
    const edits: PreparedScreens['edits'] = [];
    for (let s = 0; s < net.stationIds.length; s++) {
      const { stationId, body } = createBody(net, s);
      const res = await call('POST', `/api/create_order/${stationId}`, body);
      if (res.statusCode !== 200) throw new Error(`create_order: ${res.statusCode} ${res.body}`);
      const orderId = (JSON.parse(res.body) as { order: { id: string } }).order.id;
      edits.push({ orderId, body: { ...body, comment: 'Правка из bench:capacity' } });
    }
    const probe = await call('GET', calendarPath(net.stationIds[0]!));
    const calendarRoute = probe.statusCode === 200 && Boolean(probe.headers.etag);
    const prepared: PreparedScreens = { tokens, userId: net.userId, edits, calendarRoute };
    if (!options.record) return prepared;

    const recordings: CapacityRecordings = {
      calendar: {},
      calendarNotModified: {},
      newOrders: {},
      events: {},
      write: {},
      order: { orderId: edits[0]!.orderId, statements: [] },
    };
    const recorded = async (method: 'GET' | 'POST', url: string, payload?: object, extra = {}) => {
      let status = 0;
      let etag: string | undefined;
      const statements = await recordSql(async () => {
        const res = await call(method, url, payload, extra);
        status = res.statusCode;
        etag = typeof res.headers.etag === 'string' ? res.headers.etag : undefined;
      });
      return { status, etag, statements };
    };
    const week = currentWeek();
    for (let s = 0; s < net.stationIds.length; s++) {
      const stationId = net.stationIds[s]!;
      if (calendarRoute) {
        const full = await recorded('GET', calendarPath(stationId));
        const check = await recorded('GET', calendarPath(stationId), undefined, {
          'if-none-match': full.etag,
        });
        if (full.status !== 200 || check.status !== 304) {
          throw new Error(`calendar of ${stationId}: ${full.status}, then ${check.status} on its tag`);
        }
        const prefix = check.statements.every((st, i) => full.statements[i]?.text === st.text);
        if (!prefix)
          throw new Error('the 304 answer is not a prefix of the 200 answer: update capacity-baseline');
        recordings.calendar[stationId] = full.statements;
        recordings.calendarNotModified[stationId] = check.statements;
      } else {
        const list = await recorded('POST', '/api/order/list', { station_id: stationId, ...week });
        recordings.calendar[stationId] = list.statements;
      }
      recordings.newOrders[stationId] = (
        await recorded('GET', `/api/order/list/new/${stationId}`)
      ).statements;
      const { orderId, body } = edits[s]!;
      const write = await recorded('POST', `/api/own_order/update/${orderId}`, body);
      if (write.status !== 200) throw new Error(`own_order/update: ${write.status}`);
      recordings.write[orderId] = write.statements;
    }
    const order = await recorded('GET', `/api/order/${edits[0]!.orderId}`);
    if (order.status !== 200) throw new Error(`order details: ${order.status}`);
    recordings.order.statements = order.statements;

    // The stream's opening statements, over a real socket (a stream never ends for inject).
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const stream = (stationId: string) =>
      openSse({
        host: '127.0.0.1',
        port,
        path: `/api/events?station_id=${stationId}`,
        headers: { cookie: headers.cookie },
        onEvent: () => {},
      });
    // The first stream starts the process's LISTEN, which is not a per-stream cost.
    const first = stream(net.stationIds[0]!);
    await first.opened;
    for (const stationId of net.stationIds) {
      let opened: ReturnType<typeof stream> | null = null;
      recordings.events[stationId] = await recordSql(async () => {
        opened = stream(stationId);
        await opened.opened;
      });
      (opened as ReturnType<typeof stream> | null)?.close();
    }
    first.close();
    return { ...prepared, recordings };
  } finally {
    await app.close();
  }
}
