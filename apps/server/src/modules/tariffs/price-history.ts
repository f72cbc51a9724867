import { carClasses, type CarClass } from '@crm/shared';
import type { Database } from '../../db/client';
import { tariffPriceChanges } from '../../db/schema';

type PriceChangeRow = typeof tariffPriceChanges.$inferInsert;

/** What a price-bearing thing looked like, per car class; a missing class is «no price». */
export interface PricedState {
  active?: boolean;
  price?: Partial<Record<CarClass, number>>;
  duration?: Partial<Record<CarClass, number>>;
}

/**
 * The rows that record how `before` became `after` for one tariff (or one additional service when
 * `service` is given): one row per changed status, price or duration. Nothing when nothing changed.
 */
export function priceChanges(
  at: { stationId: string; tariffKey: string; service?: string | null; userId: string | null },
  before: PricedState,
  after: PricedState,
): PriceChangeRow[] {
  const base = {
    stationId: at.stationId,
    tariffKey: at.tariffKey,
    service: at.service ?? null,
    userId: at.userId,
  };
  const rows: PriceChangeRow[] = [];
  if (after.active !== undefined && before.active !== after.active) {
    rows.push({
      ...base,
      carClass: null,
      field: 'active',
      oldValue: before.active === undefined ? null : Number(before.active),
      newValue: Number(after.active),
    });
  }
  for (const field of ['price', 'duration'] as const) {
    const next = after[field];
    if (!next) continue;
    const prev = before[field] ?? {};
    for (const carClass of carClasses) {
      if (!(carClass in next) || prev[carClass] === next[carClass]) continue;
      rows.push({
        ...base,
        carClass,
        field,
        oldValue: prev[carClass] ?? null,
        newValue: next[carClass] ?? null,
      });
    }
  }
  return rows;
}

/** Records the changes inside the caller's transaction, so a failed save leaves no history either. */
export async function recordPriceChanges(tx: Database, rows: readonly PriceChangeRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(tariffPriceChanges).values([...rows]);
}
