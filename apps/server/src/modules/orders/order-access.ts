import { orderMessages, isOwnSource, type Position } from '@crm/shared';
import type { Auth } from '../../plugins/auth';
import { forbidden, notFound } from '../../plugins/errors';
import { isUuid } from '../users/users.repository';
import type { OrderRow } from './order-dto';
import { orderWithPosition, type Tx } from './orders.repository';

export type Caller = Pick<Auth, 'userId' | 'role'>;

/**
 * Who may create, edit, cancel and take payments (our decision, issue 3): everyone but the worker, who
 * may view orders and move their statuses.
 */
export const orderWriterPositions: readonly Position[] = ['owner', 'principal', 'administrator'];

export interface OrderAccess {
  order: OrderRow;
  position: Position | null;
  isAdmin: boolean;
}

/**
 * The order as the caller may see it: a member of its network, or role admin. Unknown ids, malformed
 * ids and other tenants' ids are the same 404 (DESIGN §4).
 */
export async function loadOrderForCaller(db: Tx, caller: Caller, orderId: string): Promise<OrderAccess> {
  if (!isUuid(orderId)) throw notFound();
  const row = await orderWithPosition(db, caller, orderId);
  const isAdmin = caller.role === 'admin';
  if (!row || (!row.position && !isAdmin)) throw notFound();
  return { order: row.order, position: row.position, isAdmin };
}

/** 403 for a worker (and anyone else outside the writer positions); role admin may fix anything. */
export function requireOrderWriter(access: Pick<OrderAccess, 'position' | 'isAdmin'>): void {
  if (access.isAdmin) return;
  if (!access.position || !orderWriterPositions.includes(access.position)) throw forbidden();
}

/** Only own orders can be edited (S1 §2, §6); partner orders are view-only. */
export function requireOwnOrder(order: Pick<OrderRow, 'source'>): void {
  if (!isOwnSource(order.source)) throw forbidden(orderMessages.ownOnly);
}
