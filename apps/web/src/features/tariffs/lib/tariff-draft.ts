import { carClasses, type CarClass } from '@crm/shared';

// The new-tariff draft (S2 §3 «New tariff draft», §4 «Tariff creation»): kept in localStorage per station
// after every change, with the step it was left on, so a closed tab or a lost connection loses nothing.

export type DraftStep = 0 | 1;

export interface CategoryPricing {
  /** Rubles; null while not typed. */
  basePrice: number | null;
  /** Minutes; null while not typed. */
  duration: number | null;
}

export interface TariffDraft {
  step: DraftStep;
  name: string;
  /** Base service ids chosen as included. */
  includeService: string[];
  /** Base service ids offered as extras; never one of `includeService`. */
  additionService: string[];
  categoryPricing: Partial<Record<CarClass, CategoryPricing>>;
}

/** The storage a draft lives in; localStorage in the app, a stand-in in tests. */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const version = 1;
export const draftKey = (stationId: string) => `crm.tariffDraft.${stationId}`;

export const emptyDraft = (): TariffDraft => ({
  step: 0,
  name: '',
  includeService: [],
  additionService: [],
  categoryPricing: {},
});

/** Nothing typed or chosen yet: not worth asking «Найден черновик тарифа» about. */
export function isEmptyDraft(draft: TariffDraft): boolean {
  return (
    draft.name.trim() === '' &&
    draft.includeService.length === 0 &&
    draft.additionService.length === 0 &&
    Object.values(draft.categoryPricing).every((p) => p?.basePrice == null && p?.duration == null)
  );
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');
const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** A stored value back into a draft, dropping whatever an older or hand-edited copy got wrong. */
function parseDraft(raw: unknown): TariffDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const stored = raw as Record<string, unknown>;
  if (stored.version !== version) return null;
  const includeService = isStringArray(stored.includeService) ? stored.includeService : [];
  const additionService = (isStringArray(stored.additionService) ? stored.additionService : []).filter(
    (id) => !includeService.includes(id),
  );
  const categoryPricing: TariffDraft['categoryPricing'] = {};
  const pricing = (typeof stored.categoryPricing === 'object' && stored.categoryPricing) || {};
  for (const carClass of carClasses) {
    const entry = (pricing as Record<string, unknown>)[carClass];
    if (typeof entry !== 'object' || entry === null) continue;
    const { basePrice, duration } = entry as Record<string, unknown>;
    categoryPricing[carClass] = { basePrice: numberOrNull(basePrice), duration: numberOrNull(duration) };
  }
  return {
    step: stored.step === 1 ? 1 : 0,
    name: typeof stored.name === 'string' ? stored.name : '',
    includeService,
    additionService,
    categoryPricing,
  };
}

/** The station's draft, or null when there is none worth continuing. */
export function loadDraft(stationId: string, storage: DraftStorage = localStorage): TariffDraft | null {
  try {
    const raw = storage.getItem(draftKey(stationId));
    if (!raw) return null;
    const draft = parseDraft(JSON.parse(raw));
    return draft && !isEmptyDraft(draft) ? draft : null;
  } catch {
    return null;
  }
}

/** Keeps `draft` for the station; false when the storage refused (private mode, full quota). */
export function saveDraft(
  stationId: string,
  draft: TariffDraft,
  storage: DraftStorage = localStorage,
): boolean {
  try {
    storage.setItem(draftKey(stationId), JSON.stringify({ version, ...draft }));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(stationId: string, storage: DraftStorage = localStorage): void {
  try {
    storage.removeItem(draftKey(stationId));
  } catch {
    // Nothing to clear where nothing could be stored.
  }
}
