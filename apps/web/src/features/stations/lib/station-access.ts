import { managerPositions, type Position, type Station, type User } from '@crm/shared';

/** The user's position in the station's network, or null for an outsider (role admin). */
export function positionAt(user: User, station: Pick<Station, 'network_id'>): Position | null {
  return user.networks.find((n) => n.id === station.network_id)?.position ?? null;
}

/** Station settings change for owners and principals of its network, and for role admin (S2 §6). */
export function canManageStation(user: User, station: Pick<Station, 'network_id'>): boolean {
  if (user.role === 'admin') return true;
  const position = positionAt(user, station);
  return position !== null && managerPositions.includes(position);
}

/** «Добавить объект»: owners and principals, or a user without a network who starts their own. */
export function canAddStation(user: User): boolean {
  if (user.networks.length === 0) return true;
  return user.networks.some((n) => managerPositions.includes(n.position));
}
