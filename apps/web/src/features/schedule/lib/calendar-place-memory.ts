/**
 * The calendar's view and date, kept for this tab (issue 38): «Расписание» in the menu, or back from the
 * history or an order, opens the calendar without them in the URL, and it used to fall back to this
 * week. The URL still decides whenever it names either.
 */
const keyOf = (stationId: string) => `crm.calendar.place.${stationId}`;
const placeParams = ['view', 'date'] as const;

/** The query the page reads: as it is when it names the view or the date, else with the kept ones added. */
export function withRememberedPlace(params: URLSearchParams, stationId: string): URLSearchParams {
  if (placeParams.some((p) => params.has(p))) return params;
  let saved: Record<string, unknown> | null;
  try {
    saved = JSON.parse(sessionStorage.getItem(keyOf(stationId)) ?? 'null') as Record<string, unknown> | null;
  } catch {
    return params;
  }
  if (!saved || typeof saved !== 'object') return params;
  const next = new URLSearchParams(params);
  for (const p of placeParams) {
    const value = saved[p];
    if (typeof value === 'string' && value) next.set(p, value);
  }
  return placeParams.some((p) => next.has(p)) ? next : params;
}

/** Keeps what the URL names of the view and the date for the next visit of this tab. */
export function rememberPlace(params: URLSearchParams, stationId: string): void {
  const place = Object.fromEntries(placeParams.flatMap((p) => (params.has(p) ? [[p, params.get(p)]] : [])));
  if (Object.keys(place).length === 0) return;
  try {
    sessionStorage.setItem(keyOf(stationId), JSON.stringify(place));
  } catch {
    // Private mode or a full quota: the calendar opens on this week next time, as before.
  }
}
