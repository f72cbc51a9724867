import { useParams } from 'react-router';

const KEY = 'crm.selectedStation';

/** The station the user works with: the one in the URL (/station/{id}/…), else the last one chosen. */
export function useSelectedStationId(): string | null {
  const { stationId } = useParams();
  return stationId ?? getRememberedStationId();
}

export function getRememberedStationId(): string | null {
  return localStorage.getItem(KEY);
}

export function rememberStation(stationId: string | null) {
  if (stationId) localStorage.setItem(KEY, stationId);
  else localStorage.removeItem(KEY);
}

const stationPath = /^\/station\/[^/]+(\/.*)?$/;

/** The same page for another station: `/station/{id}/…` keeps its tail; elsewhere the station's index. */
export function swapStationInPath(pathname: string, stationId: string): string {
  const match = stationPath.exec(pathname);
  const id = encodeURIComponent(stationId);
  return match ? `/station/${id}${match[1] ?? ''}` : `/station/${id}`;
}
