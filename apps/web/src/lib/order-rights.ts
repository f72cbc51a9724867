import type { Position, Station, User } from '@crm/shared';

/** Positions that create, edit, cancel orders and take payment (docs/decisions.md «Who may do what»). */
const orderManagers: readonly Position[] = ['owner', 'principal', 'administrator'];

/**
 * Whether the user may change orders at the station beyond moving their status: create («Новая запись»,
 * empty-time clicks in the calendar), edit, cancel, take payment. A worker only views orders and moves
 * statuses; the server answers 403 anyway, this only keeps the buttons away. Role admin may do everything;
 * an unknown user or station may do nothing.
 */
export function canManageOrders(
  user: Pick<User, 'role' | 'networks'> | undefined,
  station: Pick<Station, 'network_id'> | null | undefined,
): boolean {
  if (!user) return false;
  if (user.role === 'admin') return true;
  if (!station) return false;
  const position = user.networks.find((n) => n.id === station.network_id)?.position;
  return !!position && orderManagers.includes(position);
}
