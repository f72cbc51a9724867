import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signing for the partner API (issue 36, DESIGN §9), in both directions:
 * `webhook-signature` = `v1,` + base64 HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{payload}`
 * with the `whsec_` secret, the timestamp within 5 minutes of our clock (the library's tolerance).
 *
 * The payload of a request with a body is its raw body, byte for byte. A GET has no body, so its payload is
 * its path with the query string (`/api/partner/v1/stations/100101/availability?date=…`): the signature
 * then covers what the request asks, not an empty string anyone could pair with another address.
 */
export const partnerIdHeader = 'x-partner-id';
export const signatureHeaders = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;
/** The tolerance of `Webhook.verify` (seconds): a `webhook-id` is remembered at least twice as long. */
export const toleranceSeconds = 5 * 60;

/** A new `whsec_` secret: 32 random bytes in base64. */
export const newPartnerSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export function signedPayloadOf(request: { method: string; url: string; rawBody: string | null }): string {
  return request.method === 'GET' || request.method === 'HEAD' ? request.url : (request.rawBody ?? '');
}

/** The three headers as single strings, or null when one is missing, repeated or absurdly long. */
export function signatureHeadersOf(
  headers: Record<string, string | string[] | undefined>,
): Record<(typeof signatureHeaders)[number], string> | null {
  const out: Partial<Record<(typeof signatureHeaders)[number], string>> = {};
  for (const name of signatureHeaders) {
    const value = headers[name];
    if (typeof value !== 'string' || value === '' || value.length > 2000) return null;
    out[name] = value;
  }
  return out as Record<(typeof signatureHeaders)[number], string>;
}

/** Whether the payload is signed (and fresh) under one of the secrets. Never throws. */
export function verifiedByAny(
  secrets: readonly string[],
  payload: string,
  headers: Record<(typeof signatureHeaders)[number], string>,
): boolean {
  for (const secret of secrets) {
    try {
      new Webhook(secret).verify(payload, headers, { jsonParse: false });
      return true;
    } catch {
      // Wrong secret, stale or future timestamp, malformed header: try the next secret.
    }
  }
  return false;
}

/** The headers of a signed message (our callbacks; the tests' and the gates' partner). */
export function signHeaders(
  secret: string,
  payload: string,
  webhookId: string = `msg_${randomBytes(12).toString('hex')}`,
  at: Date = new Date(),
): Record<(typeof signatureHeaders)[number], string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': new Webhook(secret).sign(webhookId, new Date(timestamp * 1000), payload),
  };
}
