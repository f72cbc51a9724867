import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  carClasses,
  carClassLabels,
  washServices,
  type AdditionalServices,
  type CarClass,
  type TariffConfig,
  type TariffKind,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { additionalServices, fixedTariffs, tariffs } from '../../db/schema';
import { isUuid } from '../users/users.repository';
import { foldedSql } from '../../db/sql-text';

export type TariffRow = typeof tariffs.$inferSelect;
export type AdditionalServiceRow = typeof additionalServices.$inferSelect;
export type LoadedTariffConfig = TariffConfig & { kind: TariffKind };

/** Sellable: switched on and its prices switched on (what lists and configs show as `active`). */
export const sellable = (row: Pick<TariffRow, 'active' | 'priceActive'>) => row.active && row.priceActive;

/** Service key → Russian name, for every wash service the product knows (S2 §3 `ru_services_names`). */
export const ruServicesNames: Record<string, string> = Object.fromEntries(
  washServices.map((s) => [s.key, s.name_ru]),
);

/** Car class → Russian label, for every class (S2 §3 `cars`). */
const carsLabels: Partial<Record<CarClass, string>> = Object.fromEntries(
  carClasses.map((c) => [c, carClassLabels[c]]),
);

/** The only client group the product sells to (S1 §3 clientType 'Individual'). */
export const individualClientGroup = 'Individual';

/**
 * The S2 §3 tariff config of one tariff: included price and duration per class from the tariff row,
 * the station's extras of the same kind priced per class. A class without a price is left out, so the
 * shared `orderPrice` answers null for it. An extra is offered only when the tariff lists it.
 */
export function toTariffConfig(row: TariffRow, extras: readonly AdditionalServiceRow[]): TariffConfig {
  const priceComponent: TariffConfig['price']['priceElements'][number]['priceComponent'] = {};
  for (const carClass of carClasses) {
    const price = row.priceByClass[carClass];
    if (price === undefined) continue;
    const additionalServiceAmounts: Record<string, { price: number; active: boolean }> = {};
    for (const extra of extras) {
      const amount = extra.prices[carClass];
      if (!amount) continue;
      // A service switched off station-wide is off for every class (S2 §3 global flag).
      additionalServiceAmounts[extra.serviceKey] = {
        price: amount.price,
        active: extra.active && amount.active,
      };
    }
    priceComponent[carClass] = { includeServiceAmount: price, additionalServiceAmounts };
  }
  const durationMinutes: Partial<Record<CarClass, number>> = {};
  for (const carClass of carClasses) {
    const minutes = row.durationByClass[carClass];
    if (minutes !== undefined) durationMinutes[carClass] = minutes;
  }
  return {
    price: {
      id: row.id,
      name: row.name,
      description: row.description,
      // Prices switched off make the tariff unsellable just like an inactive one.
      active: sellable(row),
      durationMinutes,
      priceElements: [{ clientGroup: individualClientGroup, priceComponent }],
      includeService: [...row.includeServices],
      additionService: [...row.extraServices],
    },
    cars: { ...carsLabels },
    ru_services_names: { ...ruServicesNames },
  };
}

/** A live (not deleted) tariff of the station, or null; a non-uuid id is simply unknown. */
export async function findTariff(
  db: Database,
  stationId: string,
  tariffId: string,
  kind?: TariffKind,
): Promise<TariffRow | null> {
  if (!isUuid(stationId) || !isUuid(tariffId)) return null;
  const [row] = await db
    .select()
    .from(tariffs)
    .where(
      and(
        eq(tariffs.id, tariffId),
        eq(tariffs.stationId, stationId),
        isNull(tariffs.deletedAt),
        kind ? eq(tariffs.kind, kind) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function listAdditionalServices(
  db: Database,
  stationId: string,
  kind: TariffKind,
): Promise<AdditionalServiceRow[]> {
  return db
    .select()
    .from(additionalServices)
    .where(and(eq(additionalServices.stationId, stationId), eq(additionalServices.kind, kind)))
    .orderBy(asc(additionalServices.serviceKey));
}

/**
 * The tariff config the booking engine prices an order with (helper A's order engine). Null when the
 * tariff is unknown, deleted or belongs to another station. The caller checks station access itself.
 */
export async function loadTariffConfig(
  db: Database,
  stationId: string,
  tariffId: string,
): Promise<LoadedTariffConfig | null> {
  const row = await findTariff(db, stationId, tariffId);
  if (!row) return null;
  const extras = await listAdditionalServices(db, stationId, row.kind);
  return { ...toTariffConfig(row, extras), kind: row.kind };
}

/** Live tariffs of a station and kind, for the tariff pickers (S2 §7 lists). */
export async function listTariffs(
  db: Database,
  stationId: string,
  kind: TariffKind,
): Promise<{ id: string; name: string; active: boolean }[]> {
  const rows = await db
    .select({ id: tariffs.id, name: tariffs.name, active: tariffs.active, priceActive: tariffs.priceActive })
    .from(tariffs)
    .where(and(eq(tariffs.stationId, stationId), eq(tariffs.kind, kind), isNull(tariffs.deletedAt)))
    .orderBy(asc(tariffs.createdAt), asc(tariffs.name));
  return rows.map((r) => ({ id: r.id, name: r.name, active: r.active && r.priceActive }));
}

/** The station's additional services of a kind in the S2 §3 shape (price[class][service]). */
export function toAdditionalServices(rows: readonly AdditionalServiceRow[]): AdditionalServices {
  const price: AdditionalServices['price'] = {};
  const active: Record<string, boolean> = {};
  for (const row of rows) {
    active[row.serviceKey] = row.active;
    for (const carClass of carClasses) {
      const amount = row.prices[carClass];
      if (!amount) continue;
      (price[carClass] ??= {})[row.serviceKey] = { price: amount.price, active: amount.active };
    }
  }
  return { price, active, ru_services_names: { ...ruServicesNames } };
}

// ---- Write side of own tariffs (issue 12) ----

/**
 * Serialises the tariff writes of one station inside the caller's transaction: name uniqueness and the
 * read-modify-write of prices hold against a concurrent save.
 */
export async function lockStationTariffs(db: Database, stationId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`tariffs:${stationId}`}))`);
}

/** A live own tariff by id alone (delete names no station); null for unknown, deleted or non-uuid ids. */
export async function findLiveOwnTariff(db: Database, tariffId: string): Promise<TariffRow | null> {
  if (!isUuid(tariffId)) return null;
  const [row] = await db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.id, tariffId), eq(tariffs.kind, 'own'), isNull(tariffs.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Whether another live own tariff of the station has this name (case and outer spaces ignored). */
export async function ownTariffNameTaken(
  db: Database,
  stationId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: tariffs.id })
    .from(tariffs)
    .where(
      and(
        eq(tariffs.stationId, stationId),
        eq(tariffs.kind, 'own'),
        isNull(tariffs.deletedAt),
        // foldedSql, not lower(): a C-locale cluster's lower() leaves Cyrillic as it is.
        sql`${foldedSql(sql`trim(${tariffs.name})`)} = ${foldedSql(sql`trim(${name})`)}`,
        exceptId ? ne(tariffs.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * Whether the id is a tariff of the station, of either kind, deleted ones included (their history stays),
 * or one of its fixed tariffs (robot programmes, whose price history is kept too, issue 38).
 */
export async function stationHasTariff(db: Database, stationId: string, tariffId: string): Promise<boolean> {
  if (!isUuid(tariffId)) return false;
  const [row] = await db
    .select({ id: tariffs.id })
    .from(tariffs)
    .where(and(eq(tariffs.id, tariffId), eq(tariffs.stationId, stationId)))
    .limit(1);
  if (row) return true;
  const [fixed] = await db
    .select({ id: fixedTariffs.id })
    .from(fixedTariffs)
    .where(and(eq(fixedTariffs.id, tariffId), eq(fixedTariffs.stationId, stationId)))
    .limit(1);
  return !!fixed;
}
