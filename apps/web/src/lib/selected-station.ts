const KEY = 'crm.selectedStation';

/** The station the user chose last, offered again when no station is in the URL. */
export function getRememberedStationId(): string | null {
  return localStorage.getItem(KEY);
}

export function rememberStation(stationId: string | null) {
  if (stationId) localStorage.setItem(KEY, stationId);
  else localStorage.removeItem(KEY);
}

const stationPath = /^\/station\/[^/]+(\/.*)?$/;

/**
 * The same page for another station: `/station/{id}/…` keeps its tail; the clients pages (which follow the
 * selected station's network) stay on the clients list; elsewhere the station's index.
 */
export function swapStationInPath(pathname: string, stationId: string): string {
  if (/^\/clients(\/|$)/.test(pathname)) return '/clients';
  const match = stationPath.exec(pathname);
  const id = encodeURIComponent(stationId);
  return match ? `/station/${id}${match[1] ?? ''}` : `/station/${id}`;
}
