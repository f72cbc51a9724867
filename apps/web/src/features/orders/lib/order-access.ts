import { useCurrentUser } from '../../users/api/current-user';
import type { Position, Station, User } from '@crm/shared';

/** Positions that create, edit, cancel orders and take payment (docs/decisions.md «Who may do what»). */
const managing: readonly Position[] = ['owner', 'principal', 'administrator'];

/**
 * Whether the user may change orders beyond moving their status. A worker only moves statuses; the
 * server answers 403 anyway, this only keeps the buttons away. Role admin may do everything.
 */
export function canManageOrders(user: User | undefined, station: Pick<Station, 'network_id'>): boolean {
  if (!user) return false;
  if (user.role === 'admin') return true;
  const position = user.networks.find((n) => n.id === station.network_id)?.position;
  return !!position && managing.includes(position);
}

/** The signed-in user's right at this station; false until the user is known. */
export function useCanManageOrders(station: Pick<Station, 'network_id'>): boolean {
  const user = useCurrentUser().data?.user;
  return canManageOrders(user, station);
}
