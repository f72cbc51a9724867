import { managerPositions } from '@crm/shared';
import type { Database } from '../../db/client';
import type { Auth } from '../../plugins/auth';
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
