import { figuresPositions, type Station, type User } from '@crm/shared';

/**
 * Whether the user sees the station's money and key indicators: owner, principal, administrator of its
 * network, or role admin. A worker sees the order lists only (the API answers 403 for the figures).
 */
export function canSeeFigures(
  user: Pick<User, 'role' | 'networks'> | undefined,
  station: Pick<Station, 'network_id'>,
): boolean {
  if (!user) return false;
  if (user.role === 'admin') return true;
  const position = user.networks.find((n) => n.id === station.network_id)?.position;
  return !!position && figuresPositions.includes(position);
}
