import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { PartnerAvailabilityAnswer, PartnerBookingAnswer } from './types';
import type { PartnerBookingCreate } from '@crm/shared';

export interface PartnerCredentials {
  id: string;
  /** `whsec_…`: never printed. */
  secret: string;
}

export interface PartnerResponse<T> {
  status: number;
  body: T | { error?: { code?: string; message?: string } } | null;
  ms: number;
}

/**
 * A partner's side of `/api/partner/v1/` (issue 36): every request signed per Standard Webhooks with a new
 * `webhook-id`; the payload is the raw body, or the path with its query for a GET (README «Партнёрский API»).
 */
export function partnerClient(baseUrl: string, partner: PartnerCredentials) {
  const webhook = new Webhook(partner.secret);
  const base = baseUrl.replace(/\/$/, '');

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<PartnerResponse<T>> {
    const raw = body === undefined ? undefined : JSON.stringify(body);
    const webhookId = `msg_${randomBytes(12).toString('hex')}`;
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);
    const headers: Record<string, string> = {
      'x-partner-id': partner.id,
      'webhook-id': webhookId,
      'webhook-timestamp': String(at.getTime() / 1000),
      'webhook-signature': webhook.sign(webhookId, at, method === 'GET' ? path : (raw ?? '')),
    };
    if (raw !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { method, headers, body: raw });
    const text = await res.text();
    let parsed: PartnerResponse<T>['body'];
    try {
      parsed = text ? (JSON.parse(text) as T) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed, ms: performance.now() - started };
  }

  return {
    availability(partnerStationId: string, date: string, tariffId: string, category: string) {
      const query = new URLSearchParams({ date, tariff_id: tariffId, car_category: category });
      return call<PartnerAvailabilityAnswer>(
        'GET',
        `/api/partner/v1/stations/${encodeURIComponent(partnerStationId)}/availability?${query}`,
      );
    },
    book(booking: PartnerBookingCreate) {
      return call<PartnerBookingAnswer>('POST', '/api/partner/v1/bookings', booking);
    },
    cancel(partnerOrderId: string, reason?: string) {
      return call<PartnerBookingAnswer>(
        'POST',
        `/api/partner/v1/bookings/${encodeURIComponent(partnerOrderId)}/cancel`,
        reason ? { reason } : {},
      );
    },
    read(partnerOrderId: string) {
      return call<PartnerBookingAnswer>(
        'GET',
        `/api/partner/v1/bookings/${encodeURIComponent(partnerOrderId)}`,
      );
    },
  };
}
export type PartnerClient = ReturnType<typeof partnerClient>;

/** The error code of a non-2xx answer, for the log. */
export function errorCodeOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body) {
    return (body as { error?: { code?: string } }).error?.code;
  }
  return undefined;
}
