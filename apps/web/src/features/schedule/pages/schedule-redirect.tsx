import { Navigate, useLocation, useParams } from 'react-router';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { getRememberedStationId } from '../../../lib/selected-station';
import { useStationList } from '../../stations/api/station-list';

/**
 * The selected station (the remembered one, if still in the user's list), or null once the list is known
 * and there is none; undefined while the list loads.
 */
function useSelectedStationId(): string | null | undefined {
  const list = useStationList();
  const remembered = getRememberedStationId();
  if (list.isPending) return undefined;
  return remembered && list.data?.some((s) => s.id === remembered) ? remembered : null;
}

/**
 * `/schedule` → the selected station's calendar (its index); `/new-order` → the same with `?newOrder=1`
 * (S1 §2: the new order opens as a modal); `/history`, `/tariffs` → that section of the selected station.
 * With no selected station: the station picker at /.
 */
export function ScheduleRedirect({
  newOrder = false,
  section = '',
}: {
  newOrder?: boolean;
  /** Path under /station/{id}; '' is the calendar. */
  section?: '' | 'history' | 'tariffs';
}) {
  const stationId = useSelectedStationId();
  const { search } = useLocation();
  if (stationId === undefined) return <LoadingOverlay />;
  if (stationId === null) return <Navigate to="/" replace />;
  const params = new URLSearchParams(search);
  if (newOrder) params.set('newOrder', '1');
  const query = params.toString();
  const path = `/station/${encodeURIComponent(stationId)}${section ? `/${section}` : ''}`;
  return <Navigate to={`${path}${query ? `?${query}` : ''}`} replace />;
}

export function HistoryRedirect() {
  return <ScheduleRedirect section="history" />;
}

export function TariffsRedirect() {
  return <ScheduleRedirect section="tariffs" />;
}

export function NewOrderRedirect() {
  return <ScheduleRedirect newOrder />;
}

/** `/station/{id}/schedule` (S1 §2 route list): the station's index is the calendar. */
export function StationScheduleAlias() {
  const { stationId = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/station/${encodeURIComponent(stationId)}${search}`} replace />;
}
