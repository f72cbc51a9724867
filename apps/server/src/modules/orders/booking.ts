import { orderMessages } from '@crm/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../plugins/errors';
import { boxNumbersOf, freeBoxNumbers, lockBox, type Tx } from './orders.repository';

export const slotTaken = () => new AppError(409, 'SLOT_TAKEN', orderMessages.slotTaken);

/** SQLSTATE of a failure; drivers and Drizzle may wrap the database error in `cause`. */
function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** An exclusion-constraint violation: the box was taken by a write that committed first. */
export const isExclusionViolation = (error: unknown) => sqlState(error) === '23P01';

/**
 * A deadlock or serialization failure: the attempt lost a race with a writer that does not queue on
 * the box lock (a partner import, a slot blocker). Nothing was written; the same box may be free.
 */
const isTransient = (error: unknown) => ['40P01', '40001'].includes(sqlState(error) ?? '');
const maxTransientRetries = 5;

/** The box was removed in settings between the free-box query and its lock: try another. */
class BoxRemoved extends Error {}

export interface Placement {
  stationId: string;
  start: Date;
  end: Date;
  /** Only this box (the caller chose it); taken means 409. */
  onlyBox?: number;
  /** Try this box first (an edit keeps its box while it is free). */
  preferBox?: number;
  /** The order being moved: its own current place does not count as taken. */
  exceptOrderId?: string;
}

/**
 * Writes an order onto a free box (DESIGN §6). The free-box query only suggests; the exclusion
 * constraint decides. Writers of one box queue on a lock; when the one ahead committed an overlapping
 * order, the write fails with 23P01 and the loser moves on to the next box. Each attempt is its own
 * transaction, so a failed attempt leaves nothing behind. No box left: 409 «Время занято».
 */
export async function placeOrder<T>(
  db: Database,
  placement: Placement,
  write: (tx: Tx, box: number) => Promise<T>,
): Promise<T> {
  const tried = new Set<number>();
  let transientRetries = 0;
  for (;;) {
    const free = (
      await freeBoxNumbers(db, placement.stationId, placement.start, placement.end, placement.exceptOrderId)
    ).filter((n) => !tried.has(n) && (placement.onlyBox === undefined || n === placement.onlyBox));
    const box =
      placement.preferBox !== undefined && free.includes(placement.preferBox) ? placement.preferBox : free[0];
    if (box === undefined) throw slotTaken();
    try {
      return await db.transaction(async (tx) => {
        await lockBox(tx, placement.stationId, box);
        // Box removal takes the same lock before it deletes (station-update.ts): once we hold it, the box
        // list is settled for this box.
        if (!(await boxNumbersOf(tx, placement.stationId)).includes(box)) throw new BoxRemoved();
        return write(tx, box);
      });
    } catch (error) {
      if (isExclusionViolation(error) || error instanceof BoxRemoved) tried.add(box);
      else if (!isTransient(error) || ++transientRetries > maxTransientRetries) throw error;
    }
  }
}
