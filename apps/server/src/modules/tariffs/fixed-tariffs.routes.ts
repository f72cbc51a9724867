import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fixedTariffListSchema, messages, type FixedTariffList } from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { fixedTariffs } from '../../db/schema';
import { authOf } from '../../plugins/auth';
import { badRequest, notFound } from '../../plugins/errors';
import { loadStationForCaller, requirePosition } from '../stations/station-access';
import { lockStation } from '../stations/stations.repository';
import { isUuid } from '../users/users.repository';
import { orderWriterPositions } from '../orders/order-access';
import { recordPriceChanges, type PriceChangeRow } from './price-history';
import { editableStation, tariffEditorPositions } from './tariff-access';
import { stationParams } from './tariff-params';

/** Who reads the fixed tariffs: the station's staff who take orders (the tariff editors change them). */
const fixedTariffReaders = orderWriterPositions;

type FixedTariffRow = typeof fixedTariffs.$inferSelect;

async function fixedTariffRows(db: Database, stationId: string): Promise<FixedTariffRow[]> {
  return db
    .select()
    .from(fixedTariffs)
    .where(eq(fixedTariffs.stationId, stationId))
    .orderBy(asc(fixedTariffs.position), asc(fixedTariffs.id));
}

const toList = (rows: readonly FixedTariffRow[]): FixedTariffList => ({
  fixed_tariffs: rows.map((r) => ({ id: r.id, description: r.description, cost: r.cost, status: r.status })),
});

/**
 * The price history of a fixed tariff (issue 38: as the other tariffs have, see price-history.ts): its
 * cost (a price for every car, so no class) and its status, old → new. A new programme records both
 * from nothing; a description change is no price change.
 */
export function fixedTariffChanges(
  at: { stationId: string; tariffKey: string; userId: string | null },
  before: Pick<FixedTariffRow, 'cost' | 'status'> | undefined,
  after: Pick<FixedTariffRow, 'cost' | 'status'>,
): PriceChangeRow[] {
  const base = { ...at, service: null, carClass: null };
  const rows: PriceChangeRow[] = [];
  if (before?.status !== after.status)
    rows.push({
      ...base,
      field: 'active',
      oldValue: before ? Number(before.status) : null,
      newValue: Number(after.status),
    });
  if (before?.cost !== after.cost)
    rows.push({ ...base, field: 'price', oldValue: before?.cost ?? null, newValue: after.cost });
  return rows;
}

/**
 * Saves the whole list (S2 §7 «Fixed tariffs»), in one transaction: an id of one of the station's fixed
 * tariffs updates it, a temporary id (anything but a uuid, e.g. «new-1») creates one with a new uuid, and
 * the station's fixed tariffs missing from the list are deleted. Positions follow the list order. A uuid
 * that is not one of the station's fixed tariffs (another tenant's, or one deleted meanwhile) is a 404
 * (DESIGN §4); the same id twice is a 400.
 */
export async function saveFixedTariffs(
  db: Database,
  stationId: string,
  list: FixedTariffList,
  userId: string | null = null,
): Promise<FixedTariffList> {
  const seen = new Map<string, number>();
  const duplicates: Record<string, string> = {};
  list.fixed_tariffs.forEach((item, index) => {
    if (seen.has(item.id)) duplicates[`fixed_tariffs.${index}.id`] = messages.generic.invalidInput;
    seen.set(item.id, index);
  });
  if (Object.keys(duplicates).length > 0) throw badRequest(duplicates);

  await db.transaction(async (tx) => {
    await lockStation(tx, stationId);
    const before = new Map((await fixedTariffRows(tx, stationId)).map((r) => [r.id, r]));
    const existing = new Set(before.keys());
    if (list.fixed_tariffs.some((item) => isUuid(item.id) && !existing.has(item.id))) throw notFound();
    const kept = list.fixed_tariffs.filter((item) => existing.has(item.id));
    const gone = [...existing].filter((id) => !kept.some((item) => item.id === id));
    if (gone.length > 0) await tx.delete(fixedTariffs).where(inArray(fixedTariffs.id, gone));
    const changes: PriceChangeRow[] = [];
    for (const [position, item] of list.fixed_tariffs.entries()) {
      const values = { position, description: item.description, cost: item.cost, status: item.status };
      const old = before.get(item.id);
      let id = item.id;
      if (old) {
        await tx.update(fixedTariffs).set(values).where(eq(fixedTariffs.id, item.id));
      } else {
        const [row] = await tx
          .insert(fixedTariffs)
          .values({ stationId, ...values })
          .returning({ id: fixedTariffs.id });
        id = row!.id;
      }
      changes.push(...fixedTariffChanges({ stationId, tariffKey: id, userId }, old, item));
    }
    // In the same transaction: a failed save leaves no history either (as for the other tariffs).
    await recordPriceChanges(tx, changes);
  });
  return toList(await fixedTariffRows(db, stationId));
}

/**
 * Fixed tariffs of a robot wash (S2 §2 «Фиксированные тарифы», §3, §5): owner, principal and
 * administrator read them, owner and principal (and role admin) save the list.
 */
export const fixedTariffsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/station/fixed-tariffs/:stationId',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': fixedTariffReaders,
        params: stationParams,
        response: { 200: fixedTariffListSchema },
      },
    },
    async (request) => {
      const access = await loadStationForCaller(db, authOf(request), request.params.stationId);
      requirePosition(access, fixedTariffReaders);
      return toList(await fixedTariffRows(db, access.station.id));
    },
  );

  app.post(
    '/api/station/fixed-tariffs/:stationId',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': tariffEditorPositions,
        params: stationParams,
        body: fixedTariffListSchema,
        response: { 200: fixedTariffListSchema },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const station = await editableStation(db, caller, request.params.stationId);
      return saveFixedTariffs(db, station.id, request.body, caller.userId);
    },
  );
};
