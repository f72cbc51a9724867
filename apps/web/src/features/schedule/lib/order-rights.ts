import type { Position, Station, User } from '@crm/shared';

/** Positions that may create, edit and cancel orders; a worker only views them and moves statuses. */
const orderEditors: readonly Position[] = ['owner', 'principal', 'administrator'];

/** Whether the calendar offers «Новая запись» and empty-time clicks (the server answers 403 otherwise). */
export function canCreateOrders(
  user: Pick<User, 'role' | 'networks'>,
  station: Pick<Station, 'network_id'> | null | undefined,
): boolean {
  if (user.role === 'admin') return true;
  if (!station) return false;
  const position = user.networks.find((n) => n.id === station.network_id)?.position;
  return !!position && orderEditors.includes(position);
}
