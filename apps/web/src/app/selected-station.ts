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
