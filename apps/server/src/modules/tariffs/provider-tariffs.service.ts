import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  carClasses,
  messages,
  switchesOffLastProviderTariff,
  tariffMessages,
  type AdditionalServices,
  type AdditionalServicesUpdate,
  type CarClass,
  type ProviderTariffUpdate,
  type TariffConfig,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { additionalServices, tariffs } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../plugins/errors';
import { loadStationForCaller } from '../stations/station-access';
import { lockStation } from '../stations/stations.repository';
import { isUuid } from '../users/users.repository';
import {
  assertServicesPriced,
  mergedServices,
  serviceChanges,
  touchedServices,
  unknownExtraFields,
} from './additional-services.service';
import { priceChanges, recordPriceChanges } from './price-history';
import { editableStation, type Caller } from './tariff-access';
import {
  listAdditionalServices,
  sellable,
  toAdditionalServices,
  toTariffConfig,
  type TariffRow,
} from './tariffs.repository';

// Provider (Yandex) tariffs: prices, durations and status only (S2 §6), the Yandex extras, and the price
// import from another station of the network (DESIGN §10: one call, one transaction).

/** The live Yandex tariffs of a station in list order, read inside the caller's transaction. */
async function providerTariffRows(tx: Database, stationId: string): Promise<TariffRow[]> {
  return tx
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.stationId, stationId), eq(tariffs.kind, 'yandex'), isNull(tariffs.deletedAt)))
    .orderBy(asc(tariffs.createdAt), asc(tariffs.name));
}

const lastTariffConflict = () => conflict(tariffMessages.lastProviderTariff, 'LAST_PROVIDER_TARIFF');

/** `before` with the classes of `patch` replaced; classes the patch leaves out keep their value. */
function merged(
  before: Partial<Record<CarClass, number>>,
  patch: Partial<Record<CarClass, number>> | undefined,
): Partial<Record<CarClass, number>> {
  const next = { ...before };
  for (const carClass of carClasses) {
    const value = patch?.[carClass];
    if (value !== undefined) next[carClass] = value;
  }
  return next;
}

/**
 * `POST /api/station/tariff/{stationId}`: a Yandex tariff's status, minutes and price per class. Switching
 * off the station's last active one is a 409 (S2 §4). Every change is recorded in the price history.
 */
export async function updateProviderTariff(
  db: Database,
  caller: Caller,
  stationId: string,
  input: ProviderTariffUpdate,
): Promise<TariffConfig> {
  const station = await editableStation(db, caller, stationId);
  if (!isUuid(input.tariff_id)) throw notFound();
  const update = input.update_tariff;
  const saved = await db.transaction(async (tx) => {
    await lockStation(tx, station.id);
    const rows = await providerTariffRows(tx, station.id);
    const row = rows.find((r) => r.id === input.tariff_id);
    if (!row) throw notFound();
    const list = rows.map((r) => ({ id: r.id, active: sellable(r) }));
    if (switchesOffLastProviderTariff(list, row.id, update.active)) throw lastTariffConflict();
    const next = {
      active: update.active,
      // A provider tariff has no separate price switch: switching it on makes it sellable.
      priceActive: update.active ? true : row.priceActive,
      durationByClass: merged(row.durationByClass, update.duration_minutes),
      priceByClass: merged(row.priceByClass, update.class_to_price),
    };
    const [updated] = await tx.update(tariffs).set(next).where(eq(tariffs.id, row.id)).returning();
    await recordPriceChanges(
      tx,
      priceChanges(
        { stationId: station.id, tariffKey: row.id, userId: caller.userId },
        { active: sellable(row), price: row.priceByClass, duration: row.durationByClass },
        { active: update.active, price: update.class_to_price, duration: update.duration_minutes },
      ),
    );
    return updated!;
  });
  return toTariffConfig(saved, await listAdditionalServices(db, station.id, 'yandex'));
}

/**
 * `POST /api/station/tariff/{stationId}/yandex_addition_service`: the global flag and the per-class
 * {price, active} of the station's Yandex extras. Only the extras the partner sells at the station can be
 * changed (an unknown service is a 400); an active service needs a price above zero in every class where
 * it is not switched off (S2 §5, «Для услуги "…" необходимо указать цены больше нуля»).
 */
export async function updateProviderExtras(
  db: Database,
  caller: Caller,
  stationId: string,
  input: AdditionalServicesUpdate,
): Promise<AdditionalServices> {
  const station = await editableStation(db, caller, stationId);
  await db.transaction(async (tx) => {
    await lockStation(tx, station.id);
    const rows = await listAdditionalServices(tx, station.id, 'yandex');
    const byKey = new Map(rows.map((r) => [r.serviceKey, r]));

    const unknown = unknownExtraFields(input, (key) => byKey.has(key), messages.generic.invalidInput);
    if (Object.keys(unknown).length > 0) throw badRequest(unknown);

    // The state after the save, for every extra the request touches: what was there, overlaid with the body.
    const next = mergedServices(byKey, input, touchedServices(input));
    assertServicesPriced(next);

    const history = [];
    for (const [key, state] of next) {
      await tx
        .update(additionalServices)
        .set(state)
        .where(
          and(
            eq(additionalServices.stationId, station.id),
            eq(additionalServices.kind, 'yandex'),
            eq(additionalServices.serviceKey, key),
          ),
        );
      history.push(
        ...serviceChanges(
          { stationId: station.id, userId: caller.userId, kind: 'yandex' },
          key,
          byKey.get(key),
          state,
        ),
      );
    }
    await recordPriceChanges(tx, history);
  });
  return toAdditionalServices(await listAdditionalServices(db, station.id, 'yandex'));
}

/** The source tariff each target tariff takes its prices from: by code, then by name. */
function matchTariffs(source: readonly TariffRow[], target: readonly TariffRow[]) {
  const pairs: { from: TariffRow; to: TariffRow }[] = [];
  const taken = new Set<string>();
  for (const from of source) {
    const free = target.filter((t) => !taken.has(t.id));
    const to =
      (from.code ? free.find((t) => t.code === from.code) : undefined) ??
      free.find((t) => t.name.trim().toLowerCase() === from.name.trim().toLowerCase());
    if (!to) return null;
    taken.add(to.id);
    pairs.push({ from, to });
  }
  return pairs;
}

/**
 * `POST /api/station/tariff/{stationId}/import`: the Yandex prices, minutes and status of every tariff of
 * another station of the same network, and its Yandex extras, in one transaction (DESIGN §10). A source
 * tariff with no counterpart here (by code, then name) fails the whole import with «Тариф не найден для
 * импорта»; nothing is written then. Answers how many tariffs were imported.
 */
export async function importProviderPrices(
  db: Database,
  caller: Caller,
  stationId: string,
  sourceStationId: string,
): Promise<{ imported: number }> {
  const target = await editableStation(db, caller, stationId);
  const { station: source } = await loadStationForCaller(db, caller, sourceStationId);
  // Another network's station is as unknown as a missing one (DESIGN §4), even to role admin.
  if (source.networkId !== target.networkId) throw notFound();
  if (source.id === target.id) throw badRequest({ source_station_id: messages.generic.invalidInput });

  return db.transaction(async (tx) => {
    await lockStation(tx, target.id);
    const sourceTariffs = await providerTariffRows(tx, source.id);
    const targetTariffs = await providerTariffRows(tx, target.id);
    const pairs = sourceTariffs.length ? matchTariffs(sourceTariffs, targetTariffs) : null;
    if (!pairs) throw notFound(tariffMessages.importNotFound);

    // The import must not leave the station without a sellable Yandex tariff either.
    const importedIds = new Map(pairs.map((p) => [p.to.id, sellable(p.from)]));
    const activeAfter = targetTariffs.some((t) => importedIds.get(t.id) ?? sellable(t));
    if (!activeAfter && targetTariffs.some(sellable)) throw lastTariffConflict();

    const history = [];
    for (const { from, to } of pairs) {
      const next = {
        active: sellable(from),
        priceActive: sellable(from) ? true : to.priceActive,
        durationByClass: merged(to.durationByClass, from.durationByClass),
        priceByClass: merged(to.priceByClass, from.priceByClass),
      };
      await tx.update(tariffs).set(next).where(eq(tariffs.id, to.id));
      history.push(
        ...priceChanges(
          { stationId: target.id, tariffKey: to.id, userId: caller.userId },
          { active: sellable(to), price: to.priceByClass, duration: to.durationByClass },
          { active: sellable(from), price: from.priceByClass, duration: from.durationByClass },
        ),
      );
    }

    const sourceExtras = await listAdditionalServices(tx, source.id, 'yandex');
    const targetExtras = new Map(
      (await listAdditionalServices(tx, target.id, 'yandex')).map((r) => [r.serviceKey, r]),
    );
    for (const extra of sourceExtras) {
      const before = targetExtras.get(extra.serviceKey) ?? null;
      const state = { active: extra.active, prices: { ...(before?.prices ?? {}), ...extra.prices } };
      await tx
        .insert(additionalServices)
        .values({ stationId: target.id, kind: 'yandex', serviceKey: extra.serviceKey, ...state })
        .onConflictDoUpdate({
          target: [additionalServices.stationId, additionalServices.kind, additionalServices.serviceKey],
          set: state,
        });
      history.push(
        ...serviceChanges(
          { stationId: target.id, userId: caller.userId, kind: 'yandex' },
          extra.serviceKey,
          before,
          state,
        ),
      );
    }
    await recordPriceChanges(tx, history);
    return { imported: pairs.length };
  });
}
