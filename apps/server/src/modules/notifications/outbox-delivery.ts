import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notificationDeliveries as d, orderEvents } from '../../db/schema';
import type { ChannelSender } from './channels';
import { buildMessages } from './notification-message';
import { notificationEventOf } from './outbox-fanout';

/** A claimed delivery is this instance's for this long: a crash mid-send is retried after it. */
export const leaseSeconds = 60;
/** A delivery that failed this many times is given up. */
export const maxAttempts = 8;
const maxBackoffMs = 5 * 60_000;

/** `firstMs`, doubling after each further failed attempt, at most `maxMs`. */
export function doublingBackoffMs(attempts: number, firstMs: number, maxMs: number): number {
  return Math.min(firstMs * 2 ** Math.max(0, attempts - 1), maxMs);
}

/** 1 s, 2 s, 4 s … after the n-th failed attempt, at most 5 minutes. */
export const backoffMs = (attempts: number) => doublingBackoffMs(attempts, 1000, maxBackoffMs);

/** An error as it may be kept: short, without addresses or tokens (a bot token sits in Bot API URLs). */
export function errorText(error: unknown): string {
  const raw = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return raw
    .replace(/https?:\/\/\S+/g, '<url>')
    .replace(/\d{5,}:[\w-]{20,}/g, '<token>')
    .slice(0, 200);
}

interface Claimed {
  id: string | number;
  event_id: string | number;
  channel: string;
  recipient: string;
  attempts: number;
  action: string;
  to_status: string;
}

type Log = { warn(obj: unknown, msg: string): void };

/**
 * Stage 2: claims up to `batch` due deliveries with a lease and sends them. The lowest id goes first,
 * and a delivery waits while an earlier one of the same order to the same recipient and channel is
 * still pending, so each recipient hears of an order's events in order. Returns how many it claimed.
 */
export async function deliverBatch(
  db: Database,
  channels: readonly ChannelSender[],
  batch: number,
  log?: Log,
): Promise<number> {
  if (channels.length === 0) return 0;
  const ours = sql.join(
    channels.map((c) => sql`${c.channel}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with due as (
      select c.id from ${d} c join ${orderEvents} ce on ce.id = c.event_id
      where c.status = 'pending' and c.next_attempt_at <= now() and c.channel in (${ours})
        and (c.locked_until is null or c.locked_until < now())
        and not exists (
          select 1 from ${d} p join ${orderEvents} pe on pe.id = p.event_id
          where p.status = 'pending' and p.channel = c.channel and p.recipient = c.recipient
            and pe.order_id = ce.order_id and p.id < c.id)
      order by c.id limit ${batch}
      for update of c skip locked)
    update ${d} set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
    from due, ${orderEvents} e
    where ${d}.id = due.id and e.id = ${d}.event_id and ${d}.status = 'pending'
    returning ${d}.id, ${d}.event_id, ${d}.channel, ${d}.recipient, ${d}.attempts, e.action, e.to_status`);
  const claimed = (result as unknown as { rows: Claimed[] }).rows;
  if (claimed.length === 0) return 0;

  const messages = await buildMessages(
    db,
    [...new Set(claimed.map((c) => Number(c.event_id)))].map((eventId) => {
      const row = claimed.find((c) => Number(c.event_id) === eventId)!;
      return { eventId, event: notificationEventOf({ action: row.action, toStatus: row.to_status })! };
    }),
  );
  const byChannel = new Map(channels.map((c) => [c.channel as string, c]));

  await Promise.all(
    claimed.map(async (row) => {
      const id = Number(row.id);
      const channel = byChannel.get(row.channel);
      const message = messages.get(Number(row.event_id));
      try {
        // The order was deleted meanwhile: there is nothing left to tell of.
        const outcome = channel && message ? await channel.send(db, row.recipient, message) : 'gone';
        await db.execute(
          outcome === 'sent'
            ? sql`update ${d} set status = 'sent', sent_at = now(), locked_until = null where id = ${id}`
            : sql`update ${d} set status = 'dropped', locked_until = null where id = ${id}`,
        );
      } catch (error) {
        const attempts = Number(row.attempts);
        const failed = attempts >= maxAttempts;
        log?.warn({ deliveryId: id, channel: row.channel, attempts, failed }, 'notification not sent');
        await db.execute(sql`update ${d} set
          status = ${failed ? 'failed' : 'pending'},
          next_attempt_at = now() + make_interval(secs => ${backoffMs(attempts) / 1000}),
          locked_until = null, last_error = ${errorText(error)}
          where id = ${id}`);
      }
    }),
  );
  return claimed.length;
}
