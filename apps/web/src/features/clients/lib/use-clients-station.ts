import type { Station } from '@crm/shared';
import { getRememberedStationId } from '../../../lib/selected-station';
import { canManageOrders } from '../../../lib/order-rights';
import { useStationList } from '../../stations/api/station-list';
import { useCurrentUser } from '../../users/api/current-user';

export interface ClientsStation {
  /** undefined while the station list loads; null when no station is selected (S2 §2 «Выберите станцию»). */
  station: Station | null | undefined;
  stations: Station[];
  /** Create, edit, delete, restore, import: the positions that manage orders (a worker only reads). */
  canManage: boolean;
}

/**
 * Clients belong to a network (S2 §3): the one of the selected station — the station the user chose last
 * (the shell's switcher remembers it), while it is still in the user's list.
 */
export function useClientsStation(): ClientsStation {
  const list = useStationList();
  const user = useCurrentUser().data?.user;
  const remembered = getRememberedStationId();
  const stations = list.data ?? [];
  const station = list.isPending ? undefined : (stations.find((s) => s.id === remembered) ?? null);
  return { station, stations, canManage: !!station && canManageOrders(user, station) };
}
