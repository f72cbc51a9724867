import { orderMessages, orderSourceLabels, orderTimelineLabels, type OrderSource } from './order-status';
import type { OrderEventAction, OrderTimelineEntry } from './order-timeline';

/**
 * What happened, for the actions whose words do not depend on the status. A status change takes the
 * stepper's own words (S1 §2 «Timeline labels»), so the history and the stepper beside it never disagree.
 */
const actionLabels: Record<Exclude<OrderEventAction, 'status'>, string> = {
  created: 'Новая запись',
  updated: 'Запись изменена',
  moved: 'Запись перенесена',
  payment: 'Оплата изменена',
  soon: orderMessages.soon,
  blocked: 'Время заблокировано',
  unblocked: 'Время разблокировано',
};

/** One line of the order modal's «История»: «Запись подтверждена», «Запись перенесена», … */
export function orderTimelineLabel(entry: Pick<OrderTimelineEntry, 'action' | 'to_status'>): string {
  return entry.action === 'status' ? orderTimelineLabels[entry.to_status] : actionLabels[entry.action];
}

export const orderTimelineSystemActor = 'Система';
/** The driver himself, on the public booking page or its manage link (issue 37). */
export const orderTimelineClientActor = 'Клиент';
/** A staff member whose name the server no longer knows (a removed account). */
export const orderTimelineUnknownUser = 'Сотрудник';

/** Who did it: the person's name, the partner's name (or its source label), «Клиент» or «Система». */
export function orderTimelineActor(
  entry: Pick<OrderTimelineEntry, 'actor_kind' | 'actor_name' | 'source'>,
): string {
  const name = entry.actor_name?.trim();
  if (entry.actor_kind === 'system') return name || orderTimelineSystemActor;
  if (entry.actor_kind === 'client') return orderTimelineClientActor;
  if (name) return name;
  if (entry.actor_kind === 'partner') {
    return orderSourceLabels[entry.source as OrderSource] ?? (entry.source || orderTimelineSystemActor);
  }
  return orderTimelineUnknownUser;
}
