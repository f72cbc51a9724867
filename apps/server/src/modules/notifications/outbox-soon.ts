import { sql } from 'drizzle-orm';
import { notificationTimings } from '@crm/shared';
import type { Database } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';

/**
 * «Скоро начнётся»: a 'soon' event for every live Booked order that starts within
 * `notificationTimings.soonMinutes` and has not started. The unique index `order_events_soon_once` keeps it
 * to one per order however often, and on however many instances, this runs. Returns the events added.
 */
export async function recordSoonEvents(db: Database): Promise<number> {
  const result = await db.execute(sql`
    insert into ${orderEvents} (order_id, station_id, action, from_status, to_status, actor_kind, actor_user_id, source)
    select o.id, o.station_id, 'soon', o.status, o.status, 'system', null, o.source
    from ${orders} o
    where o.status = 'Booked' and o.order_type <> 'BlockerBookingSlot' and o.date_start is null
      and o.booking_start > now()
      and o.booking_start <= now() + make_interval(mins => ${notificationTimings.soonMinutes})
    on conflict (order_id) where action = 'soon' do nothing
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
