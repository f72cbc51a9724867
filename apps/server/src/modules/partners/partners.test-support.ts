// Shared setup of the partner API tests (not a test file itself).
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { PartnerBookingCreate } from '@crm/shared';
import { tariffs } from '../../db/schema';
import { demoPartners } from '../demo/demo-partners';
import type { TestApp } from '../../test/test-app';
import { partnerIdHeader, signHeaders } from './partner-signature';

export { demoPartners };
export type DemoPartner = (typeof demoPartners)[keyof typeof demoPartners];

let counter = 0;

/** A request signed as the partner would sign it (payload: the raw body, or the path for a GET). */
export function signedRequest(
  partner: { id: string; secret: string },
  request: { method: 'GET' | 'POST'; url: string; body?: unknown; rawBody?: string },
  options: { webhookId?: string; at?: Date; secret?: string } = {},
): InjectOptions {
  const raw = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  const payload = request.method === 'GET' ? request.url : (raw ?? '');
  const webhookId = options.webhookId ?? `msg_test_${process.pid}_${++counter}_${Date.now()}`;
  const headers: Record<string, string> = {
    [partnerIdHeader]: partner.id,
    ...signHeaders(options.secret ?? partner.secret, payload, webhookId, options.at),
  };
  if (raw !== undefined) headers['content-type'] = 'application/json';
  return { method: request.method, url: request.url, headers, payload: raw };
}

/** The station's first active Yandex (provider) tariff. */
export async function providerTariff(t: TestApp, stationId: string) {
  const rows = await t.db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.stationId, stationId), eq(tariffs.kind, 'yandex'), eq(tariffs.active, true)));
  const row = rows.find((r) => r.priceActive && r.priceByClass.Compact !== undefined && !r.deletedAt);
  if (!row) throw new Error(`no provider tariff at ${stationId}`);
  return row;
}

/** A valid booking body: a Kia Rio (Compact) at `start` on the partner's station `partnerStationId`. */
export function bookingBody(
  partnerOrderId: string,
  tariffId: string,
  start: string,
  overrides: Partial<PartnerBookingCreate> = {},
): PartnerBookingCreate {
  return {
    partner_order_id: partnerOrderId,
    partner_station_id: '100101',
    tariff_id: tariffId,
    car: { brand: 'Kia', model: 'Rio', plate_number: 'А123ВС77', category: 'Compact' },
    booking_start: start,
    client: { redirection_phone: '+74950000000', ext: '123' },
    paid: false,
    ...overrides,
  };
}
