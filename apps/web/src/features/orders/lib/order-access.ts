import { useCurrentUser } from '../../users/api/current-user';
import type { Station } from '@crm/shared';
import { canManageOrders } from '../../../lib/order-rights';

/** The signed-in user's right to manage orders at this station; false until the user is known. */
export function useCanManageOrders(station: Pick<Station, 'network_id'>): boolean {
  const user = useCurrentUser().data?.user;
  return canManageOrders(user, station);
}
