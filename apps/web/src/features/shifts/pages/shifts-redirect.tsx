import { Navigate, useLocation } from 'react-router';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { getRememberedStationId } from '../../../lib/selected-station';
import { useStationList } from '../../stations/api/station-list';

/**
 * `/employees/schedule` (S1 §2 route list) → the selected station's shift plan, keeping `?week=`. With no
 * station selected: the station picker at /, as the other station sections do.
 */
export function ShiftsRedirect() {
  const list = useStationList();
  const { search } = useLocation();
  if (list.isPending) return <LoadingOverlay />;
  const remembered = getRememberedStationId();
  const stationId = remembered && list.data?.some((s) => s.id === remembered) ? remembered : null;
  if (!stationId) return <Navigate to="/" replace />;
  return <Navigate to={`/station/${encodeURIComponent(stationId)}/employees/schedule${search}`} replace />;
}
