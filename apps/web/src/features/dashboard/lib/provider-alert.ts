/** S2 §9: the provider-tariffs alert, once dismissed, stays away 24 hours per station. */
export const PROVIDER_ALERT_SNOOZE_MS = 24 * 60 * 60_000;

const key = (stationId: string) => `crm.providerAlertDismissed.${stationId}`;

export function isProviderAlertSnoozed(stationId: string, now = Date.now()): boolean {
  const at = Number(localStorage.getItem(key(stationId)));
  return Number.isFinite(at) && at > 0 && now - at < PROVIDER_ALERT_SNOOZE_MS;
}

export function snoozeProviderAlert(stationId: string, now = Date.now()) {
  localStorage.setItem(key(stationId), String(now));
}

/** Shown when the station has Yandex tariffs and none of them is active. */
export function needsProviderTariffs(tariffs: readonly { active: boolean }[]): boolean {
  return tariffs.length > 0 && !tariffs.some((t) => t.active);
}
