import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import {
  orderEventSchema,
  type OrderEvent,
  type OrderEventAction,
  type OrderEventActorKind,
  type OrderStatus,
} from '@crm/shared';
import type { Database, DatabaseHandle } from '../../db/client';
import { orderEvents, stationCalendarVersions } from '../../db/schema';

type Executor = Pick<Database, 'execute'>;

/** The PostgreSQL channel every server instance listens on (DESIGN §1: events live in PostgreSQL). */
export const orderEventsChannel = 'order_events';

/** Who made a change and what it was, for the order's audit trail (`order_events`, DESIGN §7). */
export interface OrderEventMeta {
  action: OrderEventAction;
  /** The status before the change (null for a new order). */
  fromStatus: OrderStatus | null;
  actor: { kind: OrderEventActorKind; userId: string | null };
  /** The order's source (Own, Yandex, Benzuber…). */
  source: string;
}

/** One audit row of a change that touches several orders (a slot request writes one per blocker). */
export interface OrderEventRecord extends OrderEventMeta {
  orderId: string;
  toStatus: OrderStatus;
}

/**
 * Records an order change from inside the write's own transaction: the audit row (which is also the
 * notification outbox) and the NOTIFY that wakes the SSE streams and the outbox dispatcher. PostgreSQL
 * (and PGlite) deliver a NOTIFY on commit and drop it on rollback, so nobody hears of a write that did not
 * happen, and every instance behind the load balancer hears of one that did. One round trip.
 */
export async function recordOrderEvent(tx: Executor, event: OrderEvent, meta: OrderEventMeta): Promise<void> {
  await recordOrderEvents(tx, event, [{ ...meta, orderId: event.order_id, toStatus: event.status }]);
}

/** At most this many ids in an event's `order_ids`: a NOTIFY payload must stay under 8000 bytes. */
export const maxListedOrderIds = 100;

/**
 * Raises the station's calendar version (issue 15) and yields it: microseconds since the epoch on the
 * station's first write, then one more per write. The row lock queues writers of one station until
 * commit, so a reader never sees a version whose orders it cannot see yet.
 */
const bumpVersion = (stationId: string) =>
  sql`insert into ${stationCalendarVersions} as v (station_id, version)
      values (${stationId}, (extract(epoch from clock_timestamp()) * 1000000)::bigint)
      on conflict (station_id) do update set version = v.version + 1
      returning version`;

/**
 * For a write that changes a station's orders without an event of its own (settings removing boxes
 * delete their future blockers): the week list must not answer 304 with the blockers still in it.
 */
export async function bumpCalendarVersion(tx: Executor, stationId: string): Promise<void> {
  await tx.execute(bumpVersion(stationId));
}

/**
 * Several audit rows and one NOTIFY: a request that touches many orders (a slot request) tells open
 * calendars once, with `order_ids` so they refetch the week rather than one order. The rows must be of
 * `event.station_id`. With no rows (the order itself was deleted, and its trail with it) only the NOTIFY
 * goes out. Either way the station's calendar version goes up in the same statement and travels in the
 * event as `version`, so a client that already holds that version skips the refetch.
 */
export async function recordOrderEvents(
  tx: Executor,
  event: OrderEvent,
  records: readonly OrderEventRecord[],
): Promise<void> {
  // `version` is the database's to say: `||` puts the bumped one over whatever the caller passed.
  const payload = event.order_ids
    ? { ...event, order_ids: event.order_ids.slice(0, maxListedOrderIds) }
    : event;
  const notify = sql`select pg_notify(${orderEventsChannel}, (${JSON.stringify(payload)}::jsonb || jsonb_build_object('version', (select version from bumped)))::text)`;
  if (records.length === 0) {
    await tx.execute(sql`with bumped as (${bumpVersion(event.station_id)}) ${notify}`);
    return;
  }
  const values = sql.join(
    records.map(
      (r) =>
        sql`(${r.orderId}, ${event.station_id}, ${r.action}, ${r.fromStatus}, ${r.toStatus}, ${r.actor.kind}, ${r.actor.userId}, ${r.source})`,
    ),
    sql`, `,
  );
  // A data-modifying WITH runs to completion whether or not the outer select reads it.
  await tx.execute(
    sql`with bumped as (${bumpVersion(event.station_id)}), recorded as (insert into ${orderEvents} (order_id, station_id, action, from_status, to_status, actor_kind, actor_user_id, source) values ${values} returning id) ${notify}`,
  );
}

export type OrderEventListener = (event: OrderEvent) => void;

/** The one interface the SSE route needs: who hears a station's order events. */
export interface OrderEventBus {
  /** Resolves once events are being received, so nothing published afterwards is missed. */
  subscribe(stationId: string, listener: OrderEventListener): Promise<() => void>;
  /** Every station's events (the notification outbox wakes on any commit). */
  subscribeAll(listener: OrderEventListener): Promise<() => void>;
  /** Live subscriptions (tests check that closed streams clean up). */
  subscriberCount(): number;
  close(): Promise<void>;
}

interface Source {
  stop(): Promise<void>;
}

type Log = { warn(obj: unknown, msg: string): void };

/**
 * One LISTEN per server process, fanned out in memory by station. It starts with the first subscriber,
 * so an instance nobody streams from holds no extra connection. PostgreSQL needs a dedicated connection
 * (a pooled one would be handed to other queries); PGlite is one process and listens on its own client.
 */
export function createOrderEventBus(database: DatabaseHandle, log?: Log, onLost?: () => void): OrderEventBus {
  const byStation = new Map<string, Set<OrderEventListener>>();
  const everywhere = new Set<OrderEventListener>();
  let source: Promise<Source> | null = null;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | null = null;

  const dispatch = (payload: string | undefined) => {
    let parsed;
    try {
      parsed = orderEventSchema.safeParse(JSON.parse(payload ?? ''));
    } catch {
      return;
    }
    if (!parsed.success) return;
    for (const listener of byStation.get(parsed.data.station_id) ?? []) listener(parsed.data);
    for (const listener of everywhere) listener(parsed.data);
  };

  const count = () => [...byStation.values()].reduce((n, set) => n + set.size, 0);

  const lost = (error: unknown) => {
    log?.warn({ err: error }, 'order events listener lost; reconnecting');
    source = null;
    // What is committed until the LISTEN is back would never reach the open streams: `onLost` ends them,
    // and each client reconnects and catches up by the calendar version its new stream starts with.
    onLost?.();
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      if (!closed && (count() > 0 || everywhere.size > 0)) void start().catch(lost);
    }, 1000);
  };

  const listenPostgres = async (): Promise<Source> => {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const client = new pg.Client(pool.options);
    client.on('notification', (message) => {
      if (message.channel === orderEventsChannel) dispatch(message.payload);
    });
    client.on('error', lost);
    await client.connect();
    await client.query(`LISTEN ${orderEventsChannel}`);
    return {
      stop: async () => {
        client.removeListener('error', lost);
        client.on('error', () => {});
        await client.end().catch(() => {});
      },
    };
  };

  const listenPglite = async (): Promise<Source> => {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const unlisten = await client.listen(orderEventsChannel, dispatch);
    return { stop: () => unlisten().catch(() => {}) };
  };

  const start = () => {
    source ??= database.kind === 'postgres' ? listenPostgres() : listenPglite();
    const pending = source;
    pending.catch(() => {
      if (source === pending) source = null;
    });
    return pending;
  };

  return {
    async subscribe(stationId, listener) {
      if (closed) throw new Error('order event bus is closed');
      await start();
      let set = byStation.get(stationId);
      if (!set) byStation.set(stationId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && byStation.get(stationId) === set) byStation.delete(stationId);
      };
    },
    async subscribeAll(listener) {
      if (closed) throw new Error('order event bus is closed');
      await start();
      everywhere.add(listener);
      return () => {
        everywhere.delete(listener);
      };
    },
    subscriberCount: count,
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      byStation.clear();
      everywhere.clear();
      const current = source;
      source = null;
      if (current) await (await current.catch(() => null))?.stop();
    },
  };
}
