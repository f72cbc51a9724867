import type { Station, User } from '@crm/shared';
import { prefetchNewOrders } from '../features/dashboard';
import { prefetchCalendar } from '../features/schedule';
import { stationListQuery } from '../features/stations/api/station-list';
import { currentUserQuery } from '../features/users/api/current-user';
import { canManageOrders } from '../lib/order-rights';
import { getSessionUserId } from '../lib/session';
import { queryClient } from './providers';

/**
 * What a station page asks first, asked at navigation (router.tsx's loaders) while its modules download,
 * instead of after the layouts and the page have rendered (issue 15). Nothing waits for it: the pages ask
 * the same queries and find them in flight or cached, and a failure here is theirs to show. A station
 * outside the user's list (role admin's «Внешняя станция») is left to its guard, which fetches it first.
 */
async function stationOfList(stationId: string): Promise<{ user: User; station: Station } | null> {
  const userId = getSessionUserId();
  if (!userId) return null;
  const [me, stations] = await Promise.all([
    queryClient.ensureQueryData(currentUserQuery(userId)),
    queryClient.ensureQueryData(stationListQuery(userId)),
  ]);
  const station = stations.find((s) => s.id === stationId);
  return station ? { user: me.user, station } : null;
}

/** Any page of the station: the new-orders list (and modal) for those who answer orders. */
export async function warmStation(stationId: string): Promise<void> {
  const known = await stationOfList(stationId).catch(() => null);
  if (known && canManageOrders(known.user, known.station)) {
    await prefetchNewOrders(queryClient, known.station.id).catch(() => {});
  }
}

/** The calendar: the orders of the week or day its URL shows. */
export async function warmCalendar(stationId: string, search: URLSearchParams): Promise<void> {
  const known = await stationOfList(stationId).catch(() => null);
  if (known) await prefetchCalendar(queryClient, known.station, search);
}
