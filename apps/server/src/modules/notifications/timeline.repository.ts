import { asc, eq } from 'drizzle-orm';
import {
  orderSourceLabels,
  type OrderEventAction,
  type OrderEventActorKind,
  type OrderSource,
  type OrderStatus,
  type OrderTimelineEntry,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { orderEvents, users } from '../../db/schema';

/** «Имя Фамилия», else the login: a person is named as colleagues know them. */
function personName(user: { name: string | null; surname: string | null; login: string }): string {
  return [user.name, user.surname].filter((part) => part?.trim()).join(' ') || user.login;
}

/** The partner's name as the product shows it (an unknown source shows as Yandex, S1 §1). */
function partnerName(source: string): string {
  return orderSourceLabels[source as OrderSource] ?? orderSourceLabels.Yandex;
}

/** An order's events, oldest first, with who made each (the caller's access is checked before). */
export async function orderTimeline(db: Database, orderId: string): Promise<OrderTimelineEntry[]> {
  const rows = await db
    .select({
      id: orderEvents.id,
      at: orderEvents.createdAt,
      action: orderEvents.action,
      fromStatus: orderEvents.fromStatus,
      toStatus: orderEvents.toStatus,
      actorKind: orderEvents.actorKind,
      source: orderEvents.source,
      login: users.login,
      name: users.name,
      surname: users.surname,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorUserId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
  return rows.map((row) => {
    const kind = row.actorKind as OrderEventActorKind;
    return {
      id: String(row.id),
      at: row.at.toISOString(),
      action: row.action as OrderEventAction,
      from_status: row.fromStatus as OrderStatus | null,
      to_status: row.toStatus as OrderStatus,
      actor_kind: kind,
      actor_name:
        kind === 'partner'
          ? partnerName(row.source)
          : kind === 'user' && row.login !== null
            ? personName({ name: row.name, surname: row.surname, login: row.login })
            : null,
      source: row.source,
    };
  });
}
