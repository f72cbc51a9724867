import { and, count, eq, isNull } from 'drizzle-orm';
import {
  figuresPositions,
  managerPositions,
  onlineBookingMessages as m,
  type OnlineBookingSettings,
  type OnlineBookingUpdate,
  type OrderStatus,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { drivers, onlineBookings, onlineBookingSettings, orders, stations, tariffs } from '../../db/schema';
import type { Auth } from '../../plugins/auth';
import { badRequest, notFound } from '../../plugins/errors';
import { findActiveByPhone } from '../drivers/drivers.repository';
import { recordOrderEvent } from '../events/order-event-bus';
import { loadStationForCaller, requirePosition } from '../stations/station-access';
import { lockStation } from '../stations/stations.repository';
import { isUuid } from '../users/users.repository';
import { ensureSettings, lockPendingRemoval, pendingRemovals, renewCode } from './online-booking.repository';
import { operatorOf } from './public-station';

type Caller = Pick<Auth, 'userId' | 'role'>;

/** Who reads the settings (administrators see the link to hand it out) and who changes them. */
export const settingsReaders = figuresPositions;
export const settingsEditors = managerPositions;

async function settingsView(db: Database, stationId: string): Promise<OnlineBookingSettings> {
  const settings = await ensureSettings(db, stationId);
  const [station] = await db.select().from(stations).where(eq(stations.id, stationId));
  const requests = await pendingRemovals(db, stationId);
  return {
    code: settings.code,
    enabled: settings.enabled,
    phone: settings.phone,
    // The operator exactly as the public page's consent names it.
    operator: operatorOf(station!.legalInfo),
    tariff_ids: settings.tariffIds,
    service_keys: settings.serviceKeys,
    days_ahead: station!.daysToAlive,
    min_notice_minutes: settings.minNoticeMinutes,
    cancel_cutoff_minutes: settings.cancelCutoffMinutes,
    autoaccept: station!.autoacceptBooking,
    max_open_per_phone: settings.maxOpenPerPhone,
    data_removal_requests: requests.map((r) => ({
      id: r.id,
      requested_at: r.requestedAt!.toISOString(),
      name: r.name,
      phone: r.phone,
      order_number: r.orderNumber,
    })),
  };
}

/** `GET /api/station/{stationId}/online-booking`: the public code is made on the first read. */
export async function getOnlineBookingSettings(db: Database, caller: Caller, stationId: string) {
  const access = await loadStationForCaller(db, caller, stationId);
  requirePosition(access, settingsReaders);
  return settingsView(db, access.station.id);
}

/** Offered tariffs must be the station's own tariffs (deleted ones are not). */
async function requireOwnTariffs(db: Database, stationId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: tariffs.id })
    .from(tariffs)
    .where(and(eq(tariffs.stationId, stationId), eq(tariffs.kind, 'own'), isNull(tariffs.deletedAt)));
  const own = new Set(rows.map((r) => r.id));
  if (!ids.every((id) => own.has(id))) throw badRequest({ tariff_ids: m.tariffInvalid }, m.tariffInvalid);
}

/**
 * `POST /api/station/{stationId}/online-booking`. `days_ahead` and `autoaccept` are the station's own
 * `days_to_alive` and `autoaccept_booking` (the station settings write the same columns, with the same
 * positions), so both pages always agree. `enabled` and `phone` are the page's own: the station's
 * `enable_booking` is its strategy's «Заказы из Яндекса» (S2 §2) and this page never switches it.
 */
export async function updateOnlineBookingSettings(
  db: Database,
  caller: Caller,
  stationId: string,
  input: OnlineBookingUpdate,
) {
  const access = await loadStationForCaller(db, caller, stationId);
  requirePosition(access, settingsEditors);
  const id = access.station.id;
  if (input.tariff_ids) await requireOwnTariffs(db, id, [...new Set(input.tariff_ids)]);
  await ensureSettings(db, id);
  const stationValues = Object.fromEntries(
    Object.entries({
      daysToAlive: input.days_ahead,
      autoacceptBooking: input.autoaccept,
    }).filter(([, v]) => v !== undefined),
  );
  const settingsValues = Object.fromEntries(
    Object.entries({
      enabled: input.enabled,
      phone: input.phone,
      tariffIds: input.tariff_ids === null ? null : input.tariff_ids && [...new Set(input.tariff_ids)],
      serviceKeys:
        input.service_keys === null ? null : input.service_keys && [...new Set(input.service_keys)],
      minNoticeMinutes: input.min_notice_minutes,
      cancelCutoffMinutes: input.cancel_cutoff_minutes,
      maxOpenPerPhone: input.max_open_per_phone,
    }).filter(([, v]) => v !== undefined),
  );
  await db.transaction(async (tx) => {
    if (Object.keys(stationValues).length > 0) {
      // The station settings' save takes the same lock: the two pages never interleave half a save.
      await lockStation(tx, id);
      await tx.update(stations).set(stationValues).where(eq(stations.id, id));
    }
    await tx
      .update(onlineBookingSettings)
      .set({ ...settingsValues, updatedAt: new Date() })
      .where(eq(onlineBookingSettings.stationId, id));
    if (input.new_code) await renewCode(tx, id);
  });
  return settingsView(db, id);
}

/**
 * `POST …/online-booking/data-removal/{requestId}`: the owner confirms a driver's request (152-ФЗ). The
 * booking record and the order lose his name and phone (the order keeps its money, times and car, which
 * the station's accounts need). His card in «Клиенты» is deleted when nothing else uses it — no other
 * order, no discount; a regular client's card stays (the counter knows him), only this order is detached.
 */
export async function confirmDataRemoval(
  db: Database,
  caller: Caller,
  stationId: string,
  requestId: string,
  now = new Date(),
) {
  const access = await loadStationForCaller(db, caller, stationId);
  requirePosition(access, settingsEditors);
  const id = access.station.id;
  if (!isUuid(requestId)) throw notFound();
  await db.transaction(async (tx) => {
    const request = await lockPendingRemoval(tx, id, requestId);
    if (!request) throw notFound();
    const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId));
    if (!order) throw notFound();
    const driverId =
      order.driverId ??
      (request.phone
        ? (await findActiveByPhone(tx as unknown as Database, order.networkId, request.phone))?.id
        : null);
    await tx
      .update(onlineBookings)
      .set({ name: '', phone: '', removedAt: now })
      .where(eq(onlineBookings.id, request.id));
    await tx
      .update(orders)
      .set({ phones: [], driverId: null, updatedAt: now })
      .where(eq(orders.id, order.id));
    if (driverId) {
      const [used] = await tx.select({ n: count() }).from(orders).where(eq(orders.driverId, driverId));
      const [card] = await tx
        .select({ discount: drivers.discount })
        .from(drivers)
        .where(eq(drivers.id, driverId));
      if (card && Number(used?.n ?? 0) === 0 && card.discount === 0) {
        await tx.delete(drivers).where(eq(drivers.id, driverId));
      }
    }
    // Open screens redraw the order without the phone.
    await recordOrderEvent(
      tx,
      { type: 'order.changed', station_id: id, order_id: order.id, status: order.status as OrderStatus },
      {
        action: 'updated',
        fromStatus: order.status as OrderStatus,
        actor: { kind: 'user', userId: caller.userId },
        source: order.source,
      },
    );
  });
  return settingsView(db, id);
}
