import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { partners, stationPartners } from '../../db/schema';

type Tx = Pick<Database, 'insert' | 'execute'>;

/**
 * The demo's partners (issue 36): fixed ids and development secrets, printed in README «Партнёрский
 * API», so a curl from the README works against a fresh demo. Never use these outside the demo.
 */
export const demoPartners = {
  yandex: {
    id: 'a0000000-0000-4000-8000-000000000001',
    name: 'Яндекс',
    source: 'Yandex',
    // base64 of «yandex-dev-secret-do-not-use-00»: 32 bytes.
    secret: `whsec_${Buffer.from('yandex-dev-secret-do-not-use-00').toString('base64')}`,
    // Nothing listens there: callbacks fail and back off (at most one try per 10 minutes per booking).
    callbackUrl: 'http://127.0.0.1:9/partner-callbacks/yandex',
    /** Connected stations by carwash id (the partner's id of each is its carwash id). */
    stations: ['100101', '100102', '200201'],
  },
  benzuber: {
    id: 'b0000000-0000-4000-8000-000000000002',
    name: 'Benzuber',
    source: 'Benzuber',
    secret: `whsec_${Buffer.from('benzuber-dev-secret-do-not-use0').toString('base64')}`,
    callbackUrl: 'http://127.0.0.1:9/partner-callbacks/benzuber',
    stations: ['100101'],
  },
} as const;

/**
 * Registers the demo partners, connects them to their stations, and adopts the seeded partner orders
 * (the idempotency row ties an order to its partner), so that «Принять» on a demo Yandex order is called
 * back like a real one.
 */
export async function seedDemoPartners(tx: Tx, stationIdsByCarwash: Record<string, string>) {
  for (const p of Object.values(demoPartners)) {
    await tx.insert(partners).values({
      id: p.id,
      name: p.name,
      source: p.source,
      callbackUrl: p.callbackUrl,
      secret: p.secret,
    });
    const rows = p.stations.flatMap((carwashId) => {
      const stationId = stationIdsByCarwash[carwashId];
      return stationId ? [{ stationId, partnerId: p.id, partnerStationId: carwashId, enabled: true }] : [];
    });
    if (rows.length > 0) await tx.insert(stationPartners).values(rows);
  }
  await tx.execute(sql`
    insert into partner_bookings (partner_id, partner_order_id, request_hash, status_code, response, order_id, station_id)
    select distinct on (p.id, o.extended_id) p.id, o.extended_id, 'seed', 201, '{}'::jsonb, o.id, o.station_id
    from orders o
    join partners p on p.source = o.source
    join station_partners sp on sp.partner_id = p.id and sp.station_id = o.station_id
    where o.extended_id is not null
    order by p.id, o.extended_id, o.date_create
    on conflict do nothing`);
}
