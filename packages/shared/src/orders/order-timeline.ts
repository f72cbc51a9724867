import { z } from 'zod';
import { orderStatuses } from './order-status';

/**
 * One row of an order's audit trail (DESIGN §7, issue 14): written in the same transaction as the change,
 * shown as the order modal's timeline, and read by the notification outbox.
 */
export const orderEventActions = [
  'created',
  'updated',
  'moved',
  'status',
  'payment',
  'blocked',
  'unblocked',
  'soon',
] as const;
export type OrderEventAction = (typeof orderEventActions)[number];

/**
 * Who made a change: a staff member, a partner, the system, or the client himself (a driver booking,
 * cancelling or moving his own wash from the public page and its manage link, issue 37).
 */
export const orderEventActorKinds = ['user', 'partner', 'system', 'client'] as const;
export type OrderEventActorKind = (typeof orderEventActorKinds)[number];

export const orderTimelineEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(orderEventActions),
  from_status: z.enum(orderStatuses).nullable(),
  to_status: z.enum(orderStatuses),
  actor_kind: z.enum(orderEventActorKinds),
  /** «Иван Петров», the partner's name, or null for the system and the client. */
  actor_name: z.string().nullable(),
  source: z.string(),
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

/** `GET /api/order/{id}/events` → oldest first. */
export const orderTimelineResponseSchema = z.object({ events: z.array(orderTimelineEntrySchema) });
