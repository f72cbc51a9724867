import { and, asc, desc, eq } from 'drizzle-orm';
import { carClasses, type CarClass, type PriceChange } from '@crm/shared';
import type { Database } from '../../db/client';
import { tariffPriceChanges, users } from '../../db/schema';

export type PriceChangeRow = typeof tariffPriceChanges.$inferInsert;

/** What a price-bearing thing looked like, per car class; a missing class is «no price». */
export interface PricedState {
  active?: boolean;
  price?: Partial<Record<CarClass, number>>;
  duration?: Partial<Record<CarClass, number>>;
  /** Per-class switch of an additional service: recorded as `active` with the class. */
  classActive?: Partial<Record<CarClass, boolean>>;
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
  if (after.classActive) {
    const prev = before.classActive ?? {};
    for (const carClass of carClasses) {
      const next = after.classActive[carClass];
      if (next === undefined || prev[carClass] === next) continue;
      rows.push({
        ...base,
        carClass,
        field: 'active',
        oldValue: prev[carClass] === undefined ? null : Number(prev[carClass]),
        newValue: Number(next),
      });
    }
  }
  return rows;
}

/** Records the changes inside the caller's transaction, so a failed save leaves no history either. */
export async function recordPriceChanges(tx: Database, rows: readonly PriceChangeRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(tariffPriceChanges).values([...rows]);
}

/** The S2 price history keys of additional services, per tariff kind. */
export const additionServiceKeys = { own: 'addition_service', yandex: 'yandex_addition_service' } as const;

/** How many changes `GET /api/tariff_history` answers at most. */
export const priceHistoryLimit = 200;

/**
 * The changes of one tariff (or the additional services) of a station, newest first, with «Имя Фамилия»
 * of who made each while that user still exists.
 */
export async function listPriceChanges(
  db: Database,
  stationId: string,
  tariffKey: string,
  limit = priceHistoryLimit,
): Promise<PriceChange[]> {
  const rows = await db
    .select({ change: tariffPriceChanges, name: users.name, surname: users.surname })
    .from(tariffPriceChanges)
    .leftJoin(users, eq(users.id, tariffPriceChanges.userId))
    .where(and(eq(tariffPriceChanges.stationId, stationId), eq(tariffPriceChanges.tariffKey, tariffKey)))
    .orderBy(
      desc(tariffPriceChanges.changedAt),
      asc(tariffPriceChanges.service),
      asc(tariffPriceChanges.field),
      asc(tariffPriceChanges.carClass),
    )
    .limit(limit);
  return rows.map(({ change, name, surname }) => ({
    id: change.id,
    changed_at: change.changedAt.toISOString(),
    changed_by: [name, surname].filter((part) => part && part.trim()).join(' ') || null,
    tariff_id: change.tariffKey,
    service: change.service,
    car_class: change.carClass,
    field: change.field,
    old_value: change.oldValue,
    new_value: change.newValue,
  }));
}
