import { managerPositions } from '@crm/shared';
import type { Database } from '../../db/client';
import type { Auth } from '../../plugins/auth';
import { orderWriterPositions } from '../orders/order-access';
import { loadStationForCaller, requirePosition, type StationRow } from '../stations/station-access';

export type Caller = Pick<Auth, 'userId' | 'role'>;

/**
 * Positions that change a station's tariffs, own and Yandex, and their additional services (S2 §6):
 * owner and principal; role admin too, as support staff.
 */
export const tariffEditorPositions = managerPositions;

/** The station the caller may change the tariffs of: 404 for another tenant, 403 below principal. */
export async function editableStation(db: Database, caller: Caller, stationId: string): Promise<StationRow> {
  const access = await loadStationForCaller(db, caller, stationId);
  requirePosition(access, tariffEditorPositions);
  return access.station;
}

/**
 * Positions that read a tariff's prices, durations and its additional services' prices: those who create
 * orders (the order form prices them) and the tariff editors; role admin too. Not the worker (issue 38):
 * he moves orders along, which carry their own price. The lists (names, status) stay open to every
 * position: the history filter and the dashboard name the tariffs.
 */
export const tariffPriceReaderPositions = orderWriterPositions;

/** The station whose tariff prices the caller may read: 404 for another tenant, 403 for a worker. */
export async function priceReadableStation(
  db: Database,
  caller: Caller,
  stationId: string,
): Promise<StationRow> {
  const access = await loadStationForCaller(db, caller, stationId);
  requirePosition(access, tariffPriceReaderPositions);
  return access.station;
}
