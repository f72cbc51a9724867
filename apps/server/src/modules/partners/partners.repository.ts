import { and, asc, eq, sql } from 'drizzle-orm';
import type { PartnerSource } from '@crm/shared';
import type { Database } from '../../db/client';
import {
  orders,
  partnerBookings,
  partnerCallbacks,
  partnerRequests,
  partners,
  partnerWebhookIds,
  stationPartners,
  stations,
} from '../../db/schema';
import type { Tx } from '../orders/orders.repository';
import { isUuid } from '../users/users.repository';
import { toleranceSeconds } from './partner-signature';

export type PartnerRow = typeof partners.$inferSelect;
export type StationRowOfPartner = typeof stations.$inferSelect;

/** Who is calling the partner API, once the signature said so. */
export interface PartnerCaller {
  id: string;
  name: string;
  source: PartnerSource;
}

export async function findPartner(db: Tx, id: string): Promise<PartnerRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(partners).where(eq(partners.id, id)).limit(1);
  return row ?? null;
}

export async function listPartnerRows(db: Tx): Promise<PartnerRow[]> {
  return db.select().from(partners).orderBy(asc(partners.createdAt), asc(partners.name));
}

/** The secrets that verify a partner's request now: the current one, and the previous one within 24 h. */
export function validSecrets(row: PartnerRow, now = new Date()): string[] {
  const secrets = [row.secret];
  if (row.previousSecret && row.previousSecretValidUntil && row.previousSecretValidUntil > now) {
    secrets.push(row.previousSecret);
  }
  return secrets;
}

/**
 * Remembers a `webhook-id` of the partner; false when it was seen before (a replay). Ids older than twice
 * the tolerance are swept now and then: their timestamps could no longer pass anyway.
 */
export async function rememberWebhookId(db: Database, partnerId: string, webhookId: string) {
  const result = await db
    .insert(partnerWebhookIds)
    .values({ partnerId, webhookId })
    .onConflictDoNothing()
    .returning({ id: partnerWebhookIds.webhookId });
  if (Math.random() < 0.02) {
    await db
      .delete(partnerWebhookIds)
      .where(sql`${partnerWebhookIds.seenAt} < now() - make_interval(secs => ${toleranceSeconds * 2})`);
  }
  return result.length > 0;
}

/** The station a partner knows by `partnerStationId`, if connected to it and switched on. */
export async function connectedStation(
  db: Tx,
  partnerId: string,
  partnerStationId: string,
): Promise<StationRowOfPartner | null> {
  const [row] = await db
    .select({ station: stations })
    .from(stationPartners)
    .innerJoin(stations, eq(stations.id, stationPartners.stationId))
    .where(
      and(
        eq(stationPartners.partnerId, partnerId),
        eq(stationPartners.partnerStationId, partnerStationId),
        eq(stationPartners.enabled, true),
      ),
    )
    .limit(1);
  return row?.station ?? null;
}

/** The partner's id of a station (for the answer and the callbacks); null when not connected. */
export async function partnerStationIdOf(db: Tx, partnerId: string, stationId: string) {
  const [row] = await db
    .select({ id: stationPartners.partnerStationId })
    .from(stationPartners)
    .where(and(eq(stationPartners.partnerId, partnerId), eq(stationPartners.stationId, stationId)))
    .limit(1);
  return row?.id ?? null;
}

export type PartnerBookingRow = typeof partnerBookings.$inferSelect;

export async function findPartnerBooking(
  db: Tx,
  partnerId: string,
  partnerOrderId: string,
): Promise<PartnerBookingRow | null> {
  const [row] = await db
    .select()
    .from(partnerBookings)
    .where(and(eq(partnerBookings.partnerId, partnerId), eq(partnerBookings.partnerOrderId, partnerOrderId)))
    .limit(1);
  return row ?? null;
}

/** Claims the partner order id; false when another request holds it (it waits for that one's commit). */
export async function claimPartnerBooking(db: Tx, values: typeof partnerBookings.$inferInsert) {
  const rows = await db
    .insert(partnerBookings)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: partnerBookings.partnerOrderId });
  return rows.length > 0;
}

/** The live order behind a partner's booking, only if it is the partner's and its station still connected. */
export async function partnerOrder(db: Tx, partnerId: string, partnerOrderId: string) {
  const [row] = await db
    .select({ order: orders, partnerStationId: stationPartners.partnerStationId })
    .from(partnerBookings)
    .innerJoin(orders, eq(orders.id, partnerBookings.orderId))
    .innerJoin(
      stationPartners,
      and(
        eq(stationPartners.stationId, orders.stationId),
        eq(stationPartners.partnerId, partnerBookings.partnerId),
        eq(stationPartners.enabled, true),
      ),
    )
    .where(and(eq(partnerBookings.partnerId, partnerId), eq(partnerBookings.partnerOrderId, partnerOrderId)))
    .limit(1);
  return row ?? null;
}

export async function logPartnerRequest(db: Database, values: typeof partnerRequests.$inferInsert) {
  await db.insert(partnerRequests).values(values);
}

/** Per-partner health: last delivered callback, callbacks failing now, the oldest one still waiting. */
export async function partnerHealth(db: Tx) {
  const result = await db.execute(sql`
    select p.id,
      (select max(c.sent_at) from ${partnerCallbacks} c where c.partner_id = p.id) as last_success_at,
      (select count(*) from ${partnerCallbacks} c
        where c.partner_id = p.id and c.status = 'pending' and c.attempts > 0)::int as failures_waiting,
      (select min(c.created_at) from ${partnerCallbacks} c
        where c.partner_id = p.id and c.status = 'pending') as oldest_undelivered_at,
      (select count(*) from ${stationPartners} s where s.partner_id = p.id and s.enabled)::int as connected_stations
    from ${partners} p`);
  const rows = (
    result as unknown as {
      rows: {
        id: string;
        last_success_at: string | Date | null;
        failures_waiting: number;
        oldest_undelivered_at: string | Date | null;
        connected_stations: number;
      }[];
    }
  ).rows;
  const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
  return new Map(
    rows.map((r) => [
      r.id,
      {
        last_success_at: iso(r.last_success_at),
        failures_waiting: Number(r.failures_waiting),
        oldest_undelivered_at: iso(r.oldest_undelivered_at),
        connected_stations: Number(r.connected_stations),
      },
    ]),
  );
}

export async function stationConnections(db: Tx, stationId: string) {
  return db
    .select({ connection: stationPartners, partner: partners })
    .from(stationPartners)
    .innerJoin(partners, eq(partners.id, stationPartners.partnerId))
    .where(eq(stationPartners.stationId, stationId))
    .orderBy(asc(partners.name));
}

/**
 * The newest exchanges of a station with its partners, both directions, newest first. The partners'
 * availability reads are left out: a partner polls them many times a booking, and they pushed
 * the orders, cancels and callbacks off the 50 rows.
 */
export async function stationDeliveries(db: Tx, stationId: string, limit: number) {
  const result = await db.execute(sql`
    select * from (
      (select 'in:' || r.id as id, 'in' as direction, r.partner_id, r.kind, r.partner_order_id,
              o.number as order_number,
              case when r.status_code < 400 then 'ok' else 'failed' end as result,
              r.status_code, 1 as attempts, r.at
         from ${partnerRequests} r left join ${orders} o on o.id = r.order_id
        where r.station_id = ${stationId} and r.kind <> 'availability'
        order by r.id desc limit ${limit})
      union all
      (select 'out:' || c.id, 'out', c.partner_id, c.type, c.partner_order_id, o.number,
              case when c.status = 'sent' then 'ok' when c.attempts > 0 then 'failed' else 'pending' end,
              c.status_code, c.attempts, coalesce(c.sent_at, c.created_at)
         from ${partnerCallbacks} c left join ${orders} o on o.id = c.order_id
        where c.station_id = ${stationId} order by c.id desc limit ${limit})
    ) x order by at desc, id desc limit ${limit}`);
  return (
    result as unknown as {
      rows: {
        id: string;
        direction: 'in' | 'out';
        partner_id: string;
        kind: string;
        partner_order_id: string | null;
        order_number: number | null;
        result: 'ok' | 'failed' | 'pending';
        status_code: number | null;
        attempts: number;
        at: string | Date;
      }[];
    }
  ).rows.map((r) => ({
    id: r.id,
    direction: r.direction,
    partner_id: r.partner_id,
    kind: r.kind,
    partner_order_id: r.partner_order_id,
    order_number: r.order_number === null ? null : Number(r.order_number),
    result: r.result,
    status_code: r.status_code === null ? null : Number(r.status_code),
    attempts: Number(r.attempts),
    at: new Date(r.at).toISOString(),
  }));
}
