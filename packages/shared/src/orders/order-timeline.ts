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

export const orderEventActorKinds = ['user', 'partner', 'system'] as const;
export type OrderEventActorKind = (typeof orderEventActorKinds)[number];

export const orderTimelineEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(orderEventActions),
  from_status: z.enum(orderStatuses).nullable(),
  to_status: z.enum(orderStatuses),
  actor_kind: z.enum(orderEventActorKinds),
  /** «Иван Петров», the partner's name, or null for the system. */
  actor_name: z.string().nullable(),
  source: z.string(),
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

/** `GET /api/order/{id}/events` → oldest first. */
export const orderTimelineResponseSchema = z.object({ events: z.array(orderTimelineEntrySchema) });
