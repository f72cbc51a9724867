import { z } from 'zod';

/**
 * Machine-readable codes of the one error shape (DESIGN §4). USER_ID_REQUIRED, UPDATE_FAILED and
 * AUTH_REQUIRED are the spec's ApiError codes (S1 §8): a call without X-User-Id, a change that could not be
 * applied (a concurrent write won; retrying helps), no session.
 */
export const errorCodes = [
  'VALIDATION_FAILED',
  'AUTH_REQUIRED',
  'USER_ID_REQUIRED',
  'USER_ID_MISMATCH',
  'UPDATE_FAILED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'SLOT_TAKEN',
  /** 400: the slot is already blocked or free, as asked (S2 §8 «Slots»). */
  'SLOT_STATE',
  /** 409: the slot is taken by orders and cannot be blocked (S2 §4 «Этот слот занят заказом»). */
  'SLOT_BUSY',
  /** 409: the change would switch off the station's last active Yandex tariff (S2 §4). */
  'LAST_PROVIDER_TARIFF',
  /** 409: fewer boxes would drop a box that live orders still use (issue 13). */
  'BOX_IN_USE',
  /** 409: a schedule or box change leaves live orders outside the hours; `orders` lists them (issue 38). */
  'ORDERS_OUTSIDE_HOURS',
  /** 502: the INN registry failed or timed out; the form is filled in by hand (issue 13). */
  'LEGAL_LOOKUP_FAILED',
  'RATE_LIMITED',
  'AUTH_FAILED',
  'INTERNAL',
  /** 503: the server shed the call before doing anything; safe to repeat after Retry-After. */
  'OVERLOADED',
  /** 503 from `GET /api/ready`: the database did not answer in time. */
  'NOT_READY',
  /** 401 (partner API): no, a stale or a wrong Standard Webhooks signature, or an unknown partner. */
  'SIGNATURE_INVALID',
  /** 401 (partner API): this `webhook-id` was already used by the partner (a replay). */
  'WEBHOOK_REPLAYED',
  /** 422 (partner API): the partner order id was already booked with another body. */
  'IDEMPOTENCY_MISMATCH',
  /** 409 (partner API): the booking is finished, cancelled or started and cannot be changed so. */
  'BOOKING_LOCKED',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** A 409 SLOT_TAKEN on a chosen box: the order in the way (id, number, type, booking times). */
    order: z.record(z.string(), z.unknown()).optional(),
    requestId: z.string().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** Turns zod issues into `{ "path.to.field": "first message" }` for the `fields` member. */
export function issuesToFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
