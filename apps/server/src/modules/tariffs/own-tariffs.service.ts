import { eq } from 'drizzle-orm';
import {
  carCategories,
  carClasses,
  figuresPositions,
  sortCategories,
  tariffMessages as m,
  washServices,
  type AdditionalServices,
  type AdditionalServicesUpdate,
  type OwnTariffCreate,
  type OwnTariffInit,
  type OwnTariffPrices,
  type OwnTariffUpdate,
  type PriceChange,
  type TariffConfig,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { additionalServices, tariffs } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../plugins/errors';
import { loadStationForCaller, requirePosition } from '../stations/station-access';
import {
  assertServicesPriced,
  mergedServices,
  serviceChanges,
  touchedServices,
  unknownExtraFields,
  type ServiceValues,
} from './additional-services.service';
import {
  additionServiceKeys,
  listPriceChanges,
  priceChanges,
  recordPriceChanges,
  type PricedState,
} from './price-history';
import {
  findLiveOwnTariff,
  findTariff,
  listAdditionalServices,
  lockStationTariffs,
  ownTariffNameTaken,
  sellable,
  stationHasTariff,
  toAdditionalServices,
  toTariffConfig,
  type TariffRow,
} from './tariffs.repository';
import { editableStation, type Caller } from './tariff-access';

// The write side of own tariffs (S2 §4, §5, §7 «Own tariffs», issue 12). Every change runs in one
// transaction under the station's tariff lock and records its price, duration and status changes
// (price-history.ts), so a failed save leaves neither a half-written tariff nor history rows. Orders keep
// the amounts they were booked with (orders.basket); nothing here touches them.

/** Texts the spec does not give (S2 §8 has no catalogue entry for these). */
export const ownTariffMessages = {
  nameTaken: 'Тариф с таким названием уже есть',
  unknownService: 'Неизвестная услуга',
} as const;

/** Positions that read the price history: those who see the station's money. */
export const priceHistoryPositions = figuresPositions;

const knownServices = new Set(washServices.map((s) => s.key));

/** A 400 whose message is the first field's text, so a toast says what is wrong. */
function invalid(fields: Record<string, string>, message?: string) {
  return badRequest(fields, message ?? Object.values(fields)[0]);
}

/** `main_option.2: «Неизвестная услуга»` for every key that is no wash service of the product. */
function unknownServiceFields(body: { main_option: string[]; extra_option: string[] }) {
  const fields: Record<string, string> = {};
  for (const list of ['main_option', 'extra_option'] as const) {
    body[list].forEach((key, i) => {
      if (!knownServices.has(key)) fields[`${list}.${i}`] = ownTariffMessages.unknownService;
    });
  }
  return fields;
}

const unique = (keys: readonly string[]) => [...new Set(keys)];

const tariffState = (row: TariffRow): PricedState => ({
  active: sellable(row),
  price: row.priceByClass,
  duration: row.durationByClass,
});

/**
 * S2 §5: an active tariff whose prices are on sells every class it has a duration for, so each of those
 * needs a price above zero. Field → message for the classes that break it.
 */
function zeroPriceFields(
  row: Pick<TariffRow, 'active' | 'priceActive' | 'durationByClass' | 'priceByClass'>,
) {
  const fields: Record<string, string> = {};
  if (!sellable(row)) return fields;
  for (const carClass of carClasses) {
    if (row.durationByClass[carClass] === undefined) continue;
    if (!((row.priceByClass[carClass] ?? 0) > 0)) fields[`class_to_price.${carClass}`] = m.pricePositive;
  }
  return fields;
}

async function assertNameFree(tx: Database, stationId: string, name: string, exceptId?: string) {
  if (await ownTariffNameTaken(tx, stationId, name, exceptId)) throw conflict(ownTariffMessages.nameTaken);
}

/** `GET /api/own_tariffs/update_tariff/{stationId}[?tariff_id=]`: what the creation form offers. */
export async function ownTariffInit(
  db: Database,
  caller: Caller,
  stationId: string,
  tariffId: string | undefined,
): Promise<OwnTariffInit> {
  const station = await editableStation(db, caller, stationId);
  const id = tariffId || null;
  if (id && !(await findTariff(db, station.id, id, 'own'))) throw notFound();
  return {
    tariff_id: id,
    base_services: washServices.map((s) => ({ id: s.key, name_ru: s.name_ru })),
    car_category: sortCategories(carCategories).map(({ Name, ru_name, ru_name_full }) => ({
      Name,
      ru_name,
      ru_name_full,
    })),
  };
}

/**
 * `POST /api/own_tariffs/create/{stationId}`: the tariff with its prices in one go (S2 §4 «Flow»), prices
 * on. Every category of the form needs a price and a duration (S2 §5 «New own tariff»).
 */
export async function createOwnTariff(
  db: Database,
  caller: Caller,
  stationId: string,
  body: OwnTariffCreate,
): Promise<{ id: string }> {
  const station = await editableStation(db, caller, stationId);
  const fields = unknownServiceFields(body);
  for (const carClass of carClasses) {
    if (body.class_to_price[carClass] === undefined) fields[`class_to_price.${carClass}`] = m.priceRequired;
    if (body.class_to_duration[carClass] === undefined)
      fields[`class_to_duration.${carClass}`] = m.durationRequired;
  }
  if (Object.keys(fields).length) throw invalid(fields);
  return db.transaction(async (tx) => {
    await lockStationTariffs(tx, station.id);
    await assertNameFree(tx, station.id, body.name);
    const [row] = await tx
      .insert(tariffs)
      .values({
        stationId: station.id,
        kind: 'own',
        name: body.name,
        active: body.tariff_status,
        priceActive: true,
        durationByClass: { ...body.class_to_duration },
        priceByClass: { ...body.class_to_price },
        includeServices: unique(body.main_option),
        extraServices: unique(body.extra_option),
      })
      .returning();
    await recordPriceChanges(
      tx,
      priceChanges(
        { stationId: station.id, tariffKey: row!.id, userId: caller.userId },
        {},
        tariffState(row!),
      ),
    );
    return { id: row!.id };
  });
}

/** Runs `change` on the live own tariff of an editable station under the lock; answers the new config. */
async function changeOwnTariff(
  db: Database,
  caller: Caller,
  stationId: string,
  tariffId: string,
  change: (tx: Database, row: TariffRow) => Promise<Partial<typeof tariffs.$inferInsert>>,
): Promise<TariffConfig> {
  const station = await editableStation(db, caller, stationId);
  return db.transaction(async (tx) => {
    await lockStationTariffs(tx, station.id);
    const row = await findTariff(tx, station.id, tariffId, 'own');
    if (!row) throw notFound();
    const values = await change(tx, row);
    const [next] = await tx.update(tariffs).set(values).where(eq(tariffs.id, row.id)).returning();
    await recordPriceChanges(
      tx,
      priceChanges(
        { stationId: station.id, tariffKey: row.id, userId: caller.userId },
        tariffState(row),
        tariffState(next!),
      ),
    );
    return toTariffConfig(next!, await listAdditionalServices(tx, station.id, 'own'));
  });
}

/**
 * `POST /api/own_tariffs/update_tariff/{stationId}/{tariffId}`: name, status, services and the minutes of
 * the classes sent (classes not sent keep theirs).
 */
export async function updateOwnTariff(
  db: Database,
  caller: Caller,
  stationId: string,
  tariffId: string,
  body: OwnTariffUpdate,
): Promise<TariffConfig> {
  const fields = unknownServiceFields(body);
  return changeOwnTariff(db, caller, stationId, tariffId, async (tx, row) => {
    if (Object.keys(fields).length) throw invalid(fields);
    await assertNameFree(tx, row.stationId, body.name, row.id);
    return {
      name: body.name,
      active: body.tariff_status,
      includeServices: unique(body.main_option),
      extraServices: unique(body.extra_option),
      durationByClass: { ...row.durationByClass, ...body.class_to_duration },
    };
  });
}

/**
 * `POST /api/own_tariffs/price_update/update_includes/{stationId}/{tariffId}`: prices on or off and the
 * price of the classes sent. An active tariff with prices on may not be left with a zero price.
 */
export async function updateOwnTariffPrices(
  db: Database,
  caller: Caller,
  stationId: string,
  tariffId: string,
  body: OwnTariffPrices,
): Promise<TariffConfig> {
  return changeOwnTariff(db, caller, stationId, tariffId, async (_tx, row) => {
    const next = {
      priceActive: body.price_active,
      priceByClass: { ...row.priceByClass, ...body.class_to_price },
    };
    const fields = zeroPriceFields({ ...row, ...next });
    if (Object.keys(fields).length) throw invalid(fields, m.pricePositive);
    return next;
  });
}

/**
 * `POST /api/own_tariffs/price_update/update_extra/{stationId}`: the station-wide flag and the per-class
 * {price, active} of the services sent, merged into what the station has; a wash service the station did
 * not offer yet is added. Refused (S2 §5) while an active service lacks a price above zero in some class.
 */
export async function updateOwnExtras(
  db: Database,
  caller: Caller,
  stationId: string,
  body: AdditionalServicesUpdate,
): Promise<AdditionalServices> {
  const station = await editableStation(db, caller, stationId);
  const fields = unknownExtraFields(body, (key) => knownServices.has(key), ownTariffMessages.unknownService);
  if (Object.keys(fields).length) throw invalid(fields);
  const touched = touchedServices(body);

  return db.transaction(async (tx) => {
    await lockStationTariffs(tx, station.id);
    const before = new Map(
      (await listAdditionalServices(tx, station.id, 'own')).map((r) => [r.serviceKey, r]),
    );
    const changed = mergedServices(before, body, touched);
    // The rule holds for what the station ends up with, not only for the services sent.
    assertServicesPriced(new Map<string, ServiceValues>([...before, ...changed]));

    for (const key of [...touched].sort()) {
      const next = changed.get(key)!;
      await tx
        .insert(additionalServices)
        .values({ stationId: station.id, kind: 'own', serviceKey: key, ...next })
        .onConflictDoUpdate({
          target: [additionalServices.stationId, additionalServices.kind, additionalServices.serviceKey],
          set: { active: next.active, prices: next.prices },
        });
      await recordPriceChanges(
        tx,
        serviceChanges(
          { stationId: station.id, userId: caller.userId, kind: 'own' },
          key,
          before.get(key),
          next,
        ),
      );
    }
    return toAdditionalServices(await listAdditionalServices(tx, station.id, 'own'));
  });
}

/**
 * `POST /api/own_tariffs/delete_tariff/{tariffId}`: a soft delete. Orders keep their amounts, and their
 * tariff name still resolves (orders.repository `tariffNames` reads deleted tariffs too).
 */
export async function deleteOwnTariff(db: Database, caller: Caller, tariffId: string): Promise<void> {
  const found = await findLiveOwnTariff(db, tariffId);
  if (!found) throw notFound();
  const station = await editableStation(db, caller, found.stationId);
  await db.transaction(async (tx) => {
    await lockStationTariffs(tx, station.id);
    const row = await findTariff(tx, station.id, found.id, 'own');
    if (!row) throw notFound();
    await tx.update(tariffs).set({ deletedAt: new Date() }).where(eq(tariffs.id, row.id));
    await recordPriceChanges(
      tx,
      priceChanges(
        { stationId: station.id, tariffKey: row.id, userId: caller.userId },
        { active: sellable(row) },
        { active: false },
      ),
    );
  });
}

/**
 * `GET /api/tariff_history/{stationId}/{tariffKey}`: a tariff of the station (either kind, deleted ones
 * too) or its additional services, newest first.
 */
export async function tariffHistory(
  db: Database,
  caller: Caller,
  stationId: string,
  tariffKey: string,
): Promise<{ changes: PriceChange[] }> {
  const access = await loadStationForCaller(db, caller, stationId);
  requirePosition(access, priceHistoryPositions);
  const keys: readonly string[] = Object.values(additionServiceKeys);
  if (!keys.includes(tariffKey) && !(await stationHasTariff(db, access.station.id, tariffKey)))
    throw notFound();
  return { changes: await listPriceChanges(db, access.station.id, tariffKey) };
}
