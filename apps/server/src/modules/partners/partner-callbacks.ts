import { sql } from 'drizzle-orm';
import type { PartnerCallback, PartnerCallbackType } from '@crm/shared';
import type { Database } from '../../db/client';
import {
  orderEvents,
  orders,
  partnerBookings,
  partnerCallbacks as c,
  partners,
  stationPartners,
} from '../../db/schema';
import type { Tx } from '../orders/orders.repository';
import type { OrderRow } from '../orders/order-dto';
import { doublingBackoffMs, leaseSeconds } from '../notifications/outbox-delivery';
import { partnerBookingOf } from './partner-api.service';
import { signHeaders } from './partner-signature';

/**
 * Status callbacks to partners (issue 36, DESIGN §7 and §9): the outbox's partner channel. The fan-out
 * turns each order event the station made on a partner's order into one callback row, in the fan-out's
 * own transaction; the sender POSTs it signed to the partner's callback URL, in order per order, retried
 * with back-off until the partner answers 2xx.
 */

/** What the partner is told of an order event, or null (edits, moves, the partner's own cancel). */
export function callbackTypeOf(event: {
  action: string;
  fromStatus: string | null;
  toStatus: string;
}): PartnerCallbackType | null {
  if (event.action === 'payment') return 'booking.paid';
  if (event.action !== 'status') return null;
  switch (event.toStatus) {
    case 'Booked':
      return 'booking.accepted';
    case 'Processing':
      return 'booking.started';
    case 'Completed':
      return 'booking.completed';
    case 'StationCanceled':
      // «Отклонить» on a new order is a decline; a cancel of an accepted one is a cancel.
      return event.fromStatus === 'Accepted' ? 'booking.declined' : 'booking.cancelled';
    case 'Canceled':
      return 'booking.cancelled';
    default:
      return null;
  }
}

const typeCase = sql`case
  when e.action = 'payment' then 'booking.paid'
  when e.action <> 'status' then null
  when e.to_status = 'Booked' then 'booking.accepted'
  when e.to_status = 'Processing' then 'booking.started'
  when e.to_status = 'Completed' then 'booking.completed'
  when e.to_status = 'StationCanceled' and e.from_status = 'Accepted' then 'booking.declined'
  when e.to_status in ('StationCanceled', 'Canceled') then 'booking.cancelled'
end`;

/**
 * Inside the outbox's fan-out transaction: one callback per event on a partner's order that the partner
 * should hear of (never of its own requests: `actor_kind = 'partner'`). The SQL `typeCase` is
 * `callbackTypeOf`; partner-callbacks.test.ts holds them together.
 */
export async function fanOutPartnerCallbacks(tx: Tx, eventIds: readonly number[]): Promise<void> {
  if (eventIds.length === 0) return;
  const ids = sql.join(
    eventIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ${c} (event_id, partner_id, order_id, station_id, partner_order_id, type, to_status, order_snapshot)
    select x.id, x.partner_id, x.order_id, x.station_id, x.partner_order_id, x.type, x.to_status, x.snapshot
    from (
      select e.id, b.partner_id, e.order_id, e.station_id, b.partner_order_id, ${typeCase} as type, e.to_status,
        to_jsonb(o.*) as snapshot
      from ${orderEvents} e join ${partnerBookings} b on b.order_id = e.order_id
      join ${orders} o on o.id = e.order_id
      where e.id in (${ids}) and e.actor_kind <> 'partner') x
    where x.type is not null
    -- The sender delivers per booking in the events' order (event_id).
    order by x.id
    on conflict (event_id) do nothing`);
}

/** 2 s, 4 s, 8 s … after the n-th failure, at most 10 minutes: a partner down for a day costs ~150 tries. */
export const callbackBackoffMs = (attempts: number) => doublingBackoffMs(attempts, 2000, 10 * 60_000);
const sendTimeoutMs = 10_000;
const withReason = new Set<PartnerCallbackType>(['booking.declined', 'booking.cancelled']);

/** An error as it may be kept: short, without the partner's address. */
const errorText = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error))
    .replace(/https?:\/\/\S+/g, '<url>')
    .slice(0, 200);

interface Claimed {
  id: number | string;
  partner_id: string;
  order_id: string;
  type: PartnerCallbackType;
  to_status: string;
  attempts: number;
  created_at: string | Date;
  order_snapshot: Record<string, unknown> | string | null;
}

type Log = { warn(obj: unknown, msg: string): void; info?(obj: unknown, msg: string): void };

export interface PartnerCallbackSender {
  /** One batch of due callbacks; how many it claimed. */
  deliver(db: Database, batch: number, log?: Log): Promise<number>;
}

/** The signed POST of one callback. `fetchImpl`: tests may count or fail calls. */
export function createPartnerCallbackSender(
  options: { fetchImpl?: typeof fetch; backoffMs?: (attempts: number) => number } = {},
): PartnerCallbackSender {
  const { fetchImpl = fetch, backoffMs = callbackBackoffMs } = options;
  return {
    async deliver(db, batch, log) {
      const result = await db.execute(sql`
        with due as (
          select x.id from ${c} x
          where x.status = 'pending' and x.next_attempt_at <= now()
            and (x.locked_until is null or x.locked_until < now())
            -- In the order of the booking's events, not of the callbacks' ids: instances fan out side by side
            -- (each skips the events another holds), so a later event's callback can be written, and even
            -- committed, before an earlier one's. One waits for every earlier event of its booking to be
            -- fanned out and for their callbacks to be sent.
            and not exists (select 1 from ${c} p
              where p.order_id = x.order_id and p.status = 'pending' and p.event_id < x.event_id)
            and not exists (select 1 from ${orderEvents} e
              where e.order_id = x.order_id and e.id < x.event_id and e.fanned_out_at is null)
          order by x.event_id limit ${batch}
          for update of x skip locked)
        update ${c} set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = ${c}.attempts + 1
        from due where ${c}.id = due.id and ${c}.status = 'pending'
        returning ${c}.id, ${c}.partner_id, ${c}.order_id, ${c}.type, ${c}.to_status, ${c}.attempts, ${c}.created_at,
          ${c}.order_snapshot`);
      const claimed = (result as unknown as { rows: Claimed[] }).rows;
      await Promise.all(claimed.map((row) => sendOne(db, row, fetchImpl, backoffMs, log)));
      return claimed.length;
    },
  };
}

async function sendOne(
  db: Database,
  row: Claimed,
  fetchImpl: typeof fetch,
  backoffMs: (attempts: number) => number,
  log?: Log,
) {
  const id = Number(row.id);
  const attempts = Number(row.attempts);
  let statusCode: number | null = null;
  try {
    const found = await db.execute(sql`
      select row_to_json(o.*) as "order", p.callback_url, p.secret, sp.partner_station_id
      from ${orders} o join ${partners} p on p.id = ${row.partner_id}
      left join ${stationPartners} sp on sp.partner_id = p.id and sp.station_id = o.station_id
      where o.id = ${row.order_id}`);
    const target = (
      found as unknown as {
        rows: {
          order: Record<string, unknown>;
          callback_url: string;
          secret: string;
          partner_station_id: string | null;
        }[];
      }
    ).rows[0];
    if (!target) {
      // The order or the partner is gone: nobody is left to tell.
      await db.execute(sql`update ${c} set status = 'dropped', locked_until = null where id = ${id}`);
      return;
    }
    // The booking as it was made (the snapshot of the fan-out, right after the change): a callback sent
    // late, after the partner was down or behind an earlier one, does not carry a later move or payment.
    const snapshot =
      typeof row.order_snapshot === 'string' ? JSON.parse(row.order_snapshot) : row.order_snapshot;
    const order = orderRowOf(snapshot ?? target.order);
    const payload: PartnerCallback = {
      type: row.type,
      timestamp: new Date(row.created_at).toISOString(),
      // With the status this change gave it; a reason only on the cancel that has one (an accepted callback
      // made after a quick cancel must not carry that cancel's reason).
      data: {
        ...partnerBookingOf(order, target.partner_station_id ?? ''),
        status: row.to_status,
        reason: withReason.has(row.type) ? order.reason : null,
      },
    };
    const body = JSON.stringify(payload);
    // The webhook-id stays the same across retries: the partner may drop a repeat by it.
    const headers = signHeaders(target.secret, body, `cb_${id}`);
    const res = await fetchImpl(target.callback_url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(sendTimeoutMs),
    });
    statusCode = res.status;
    await res.body?.cancel().catch(() => {});
    if (res.status < 200 || res.status >= 300) throw new Error(`partner answered ${res.status}`);
    await db.execute(sql`update ${c} set status = 'sent', sent_at = now(), locked_until = null,
      status_code = ${statusCode}, last_error = null where id = ${id}`);
    log?.info?.(
      { partnerId: row.partner_id, callbackId: id, type: row.type, statusCode, attempts },
      'partner callback sent',
    );
  } catch (error) {
    log?.warn(
      { partnerId: row.partner_id, callbackId: id, type: row.type, statusCode, attempts },
      'partner callback not delivered',
    );
    await db.execute(sql`update ${c} set
      next_attempt_at = now() + make_interval(secs => ${backoffMs(attempts) / 1000}),
      locked_until = null, status_code = ${statusCode}, last_error = ${errorText(error)}
      where id = ${id}`);
  }
}

/** `row_to_json` of an order row back to the Drizzle row shape the DTO mapper reads. */
function orderRowOf(json: Record<string, unknown>): OrderRow {
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)));
  return {
    number: Number(json.number),
    extendedId: (json.extended_id as string | null) ?? null,
    status: String(json.status),
    bookingStart: date(json.booking_start)!,
    bookingEnd: date(json.booking_end)!,
    sum: Number(json.sum),
    paymentMethod: String(json.payment_method),
    reason: (json.reason as string | null) ?? null,
  } as OrderRow;
}
