import { eq } from 'drizzle-orm';
import { defaultCancelReason, orderTimelineLabels, type OrderStatus, type SystemRole } from '@crm/shared';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { loadOrderForCaller, type Caller } from '../orders/order-access';
import { cancelOrder, moveOrderStep } from '../orders/order-status.service';
import { botTexts, type Decision } from './telegram-texts';

export type DecisionOutcome = { ok: true; text: string; who: string } | { ok: false; text: string };

/** The account a chat is linked to, as the order services know a caller (what `authOf` gives the web). */
async function callerOfChat(db: Database, telegramId: string): Promise<(Caller & { who: string }) | null> {
  const [row] = await db
    .select({ id: users.id, role: users.role, name: users.name, surname: users.surname, login: users.login })
    .from(users)
    .where(eq(users.telegramId, telegramId))
    .limit(1);
  if (!row) return null;
  const who = [row.name, row.surname].filter(Boolean).join(' ') || row.login;
  return { userId: row.id, role: row.role as SystemRole, who };
}

/**
 * «Принять» / «Отклонить» under a new-order message: the same services, rules and rights as the web's
 * buttons, with the chat's linked user as the caller. A refusal (404 of another tenant's or a forged id,
 * 403 of a worker declining, 409 of an order already answered) changes nothing and is told in Russian.
 */
export async function decideFromTelegram(
  db: Database,
  telegramId: string,
  decision: Decision,
  orderId: string,
): Promise<DecisionOutcome> {
  const caller = await callerOfChat(db, telegramId);
  if (!caller) return { ok: false, text: botTexts.notLinked };
  const { who, ...identity } = caller;
  try {
    // The buttons answer a new order only: a colleague's older message must not cancel a booked car.
    const { order } = await loadOrderForCaller(db, identity, orderId);
    if (order.status !== 'Accepted') {
      return { ok: false, text: botTexts.alreadyAnswered(orderTimelineLabels[order.status as OrderStatus]) };
    }
    if (decision === 'accept') {
      await moveOrderStep(db, identity, orderId, 'Booked', false);
      return { ok: true, text: botTexts.accepted, who };
    }
    await cancelOrder(db, identity, orderId, defaultCancelReason);
    return { ok: true, text: botTexts.declined, who };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, text: error.statusCode === 404 ? botTexts.orderNotFound : error.message };
  }
}
