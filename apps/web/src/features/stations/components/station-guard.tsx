import { startTransition, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@crm/shared';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { ErrorScreen } from '../../../components/error-screen';
import { getRememberedStationId, rememberStation } from '../../../lib/selected-station';
import { ApiError } from '../../../lib/api-client';
import { arrivalWanted, useArrivalWanted } from '../../../lib/arrival-queue';
import { useNotify } from '../../../lib/notify';
import { useOrderEvents } from '../../../lib/order-events';
import { canManageOrders } from '../../../lib/order-rights';
import { lazyNewOrdersModal, NewOrdersGate, newOrdersWaiting, useNewOrders } from '../../dashboard';
import { useCurrentUser } from '../../users/api/current-user';
import { useStationList } from '../api/station-list';
import { useStation } from '../api/station';
import { canManageStation } from '../lib/station-access';
import type { StationContext } from '../lib/station-context';
import { StationAccessDenied } from './station-access-denied';

/**
 * `/station/{id}` (S1 §2 «Station guard»): the id comes from the path. A station of the user's own list
 * becomes the selected station; role admin may open any other one, fetched separately and marked
 * «Внешняя станция»; anyone else sees «Нет доступа к станции». An id the server does not know (404, or 400
 * for a malformed one) is a not-found state for role admin too, not a load error with «Повторить»: retrying
 * cannot help. Nothing of the station (its order stream, the new-orders window) starts until it is known.
 */
export function StationGuard() {
  const { stationId } = useParams();
  const notify = useNotify();
  const me = useCurrentUser();
  const list = useStationList();
  const user = me.data?.user;
  const isAdmin = user?.role === 'admin';
  const member = list.data?.find((s) => s.id === stationId);
  const external = useStation(stationId, list.isSuccess && !member && isAdmin);
  const denied = list.isSuccess && !!user && !member && !isAdmin;
  const missing =
    isAdmin && !member && external.error instanceof ApiError && [400, 404].includes(external.error.status);

  const station = member ?? (isAdmin ? external.data : undefined);
  // One live order stream for every page of the station (calendar, dashboard, history, settings).
  useOrderEvents(station?.id);
  useEffect(() => {
    if (station) rememberStation(station.id);
  }, [station]);

  const warned = useRef<string | null>(null);
  useEffect(() => {
    if (!denied || warned.current === stationId) return;
    warned.current = stationId ?? null;
    notify.warning(messages.station.noAccess, messages.station.unavailable);
    // The shell must not keep offering a station the user cannot open.
    if (getRememberedStationId() === stationId) rememberStation(null);
  }, [denied, stationId, notify]);

  const context = useMemo<StationContext | null>(
    () =>
      station && user ? { station, external: !member, canManage: canManageStation(user, station) } : null,
    [station, user, member],
  );

  if (missing) return <StationAccessDenied missing />;
  if (list.isError || me.isError || (isAdmin && !member && external.isError)) {
    const retry = () => {
      void list.refetch();
      void me.refetch();
      if (external.isError) void external.refetch();
    };
    const error = list.error ?? me.error ?? external.error;
    return <ErrorScreen inline title={messages.station.loadFailed} error={error} onRetry={retry} />;
  }
  if (denied) {
    return <StationAccessDenied />;
  }
  if (!context) return <LoadingOverlay context="stationChange" />;

  const answersOrders = canManageOrders(user, context.station);
  return (
    <>
      <StationPage context={context} windowFirst={answersOrders} />
      {/* S1 §1: incoming new orders block work, on every page of the station, for those who answer them. */}
      {answersOrders && <NewOrdersGate station={context.station} isAdmin={isAdmin} />}
    </>
  );
}

/**
 * Whether the page is under the new-orders window that it found on arrival (S1 §1: work waits on it), from
 * the station's first list of new orders until that window closes (answered, or put aside by role admin);
 * never again after. Those who answer no orders never are. The list is asked at navigation
 * (station-warmup.ts), so it is mostly in before the page; meanwhile the page counts as under it.
 */
function useUnderArrivalWindow(stationId: string, windowFirst: boolean): boolean {
  const [underWindow, setUnderWindow] = useState(windowFirst);
  const listPending = useNewOrders(stationId, windowFirst).isPending;
  const windowUp = useArrivalWanted('new-orders');
  useEffect(() => {
    if (!underWindow || listPending) return;
    // Read live: the gate claims the screen in a layout effect of the commit that brings the list, so the
    // render's `windowUp` may not hold that claim yet. What waited comes as a transition: the paint of
    // the window's closing goes first.
    if (!arrivalWanted('new-orders')) startTransition(() => setUnderWindow(false));
  }, [underWindow, listPending, windowUp]);
  return underWindow;
}

/**
 * The station's page. Arriving where incoming orders already wait, the new-orders window is what the user
 * sees and must answer first: it commits and paints alone, over the shell (once its code is there), and
 * the page under its mask renders just after, in the background. Committed together, the window's paint
 * waited for the whole page to be built and laid out (the calendar's largest paint, ≈ 0.1 s unthrottled,
 * issue 15). Until that window closes the page knows it is under it (`underWindow`), and may leave for
 * later what no one can use meanwhile. Settled at mount: a window that opens later finds the page there,
 * whole.
 */
function StationPage({ context, windowFirst }: { context: StationContext; windowFirst: boolean }) {
  const client = useQueryClient();
  const [waiting] = useState(() => windowFirst && newOrdersWaiting(client, context.station.id));
  const underWindow = useUnderArrivalWindow(context.station.id, windowFirst);
  const pageContext = useMemo(() => ({ ...context, underWindow }), [context, underWindow]);
  const [windowCode, setWindowCode] = useState(lazyNewOrdersModal.isLoaded);
  useEffect(() => {
    if (!waiting || windowCode) return;
    let live = true;
    // A failed download is the window's to show (its gate loads it again), and a stalled one must not
    // keep the page away: the page comes regardless, at the latest after 3 s.
    const done = () => live && setWindowCode(true);
    lazyNewOrdersModal.preload().then(done, done);
    const stalled = setTimeout(done, 3000);
    return () => {
      live = false;
      clearTimeout(stalled);
    };
  }, [waiting, windowCode]);
  // The window's gate renders it in the update that brings its code; the deferred value keeps the page
  // out of that commit and renders it in the next.
  const showPage = useDeferredValue(!waiting || windowCode, !waiting);
  return showPage ? <Outlet context={pageContext} /> : null;
}
