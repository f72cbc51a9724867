import type { StationFormValues } from './station-form-values';

/**
 * The add-station draft (S2 §2 «A draft is kept locally and offered for restoration»): saved on every
 * change, per user, so a shared computer does not offer one person's draft to another.
 */
export interface StationDraft {
  values: Partial<StationFormValues>;
  savedAt: number;
}

const keyFor = (userId: string) => `crm.stationDraft:${userId}`;

export function saveStationDraft(userId: string, values: Partial<StationFormValues>, now = Date.now()) {
  try {
    localStorage.setItem(keyFor(userId), JSON.stringify({ values, savedAt: now } satisfies StationDraft));
  } catch {
    // A full or blocked storage only loses the draft, never the form.
  }
}

export function clearStationDraft(userId: string) {
  try {
    localStorage.removeItem(keyFor(userId));
  } catch {
    // Nothing to clear.
  }
}

/** The stored draft when it holds something worth restoring; a corrupt entry is dropped. */
export function loadStationDraft(userId: string): StationDraft | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(keyFor(userId));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as StationDraft;
    if (!parsed || typeof parsed !== 'object' || typeof parsed.savedAt !== 'number') throw new Error('bad');
    return isWorthRestoring(parsed.values) ? parsed : null;
  } catch {
    clearStationDraft(userId);
    return null;
  }
}

/** Only a draft the user actually typed into: a name, an address or a point. */
export function isWorthRestoring(values: Partial<StationFormValues> | undefined): boolean {
  if (!values) return false;
  return !!values.name?.trim() || !!values.address?.trim() || !!values.location;
}
