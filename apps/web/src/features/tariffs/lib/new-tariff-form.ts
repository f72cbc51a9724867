import { ownTariffCreateSchema, washServices, type CarClass, type OwnTariffCreate } from '@crm/shared';
import type { CategoryPricing, DraftStep, TariffDraft } from './tariff-draft';

// The new-tariff form (S2 §2 «/tariffs/new», §5 «New own tariff»): its values, the draft they make, the
// default durations, and the creation body checked with the schema the server validates with.

/** What the antd form holds; the step lives beside it. */
export interface NewTariffValues {
  name: string;
  includeService: string[];
  additionService: string[];
  pricing: Partial<Record<CarClass, CategoryPricing>>;
}

export const valuesOf = (draft: TariffDraft): NewTariffValues => ({
  name: draft.name,
  includeService: draft.includeService,
  additionService: draft.additionService.filter((id) => !draft.includeService.includes(id)),
  pricing: draft.categoryPricing,
});

export function draftOf(values: Partial<NewTariffValues>, step: DraftStep): TariffDraft {
  const includeService = values.includeService ?? [];
  const pricing: TariffDraft['categoryPricing'] = {};
  for (const [carClass, entry] of Object.entries(values.pricing ?? {})) {
    pricing[carClass as CarClass] = {
      basePrice: entry?.basePrice ?? null,
      duration: entry?.duration ?? null,
    };
  }
  return {
    step,
    name: values.name ?? '',
    includeService,
    additionService: (values.additionService ?? []).filter((id) => !includeService.includes(id)),
    categoryPricing: pricing,
  };
}

/** Minutes a base service takes, from the catalogue; unknown services count as 10. */
export const serviceMinutes = (id: string) => washServices.find((s) => s.key === id)?.durationMinutes ?? 10;

/**
 * A first guess at the duration of category `index` (0 = the smallest car): the included services'
 * minutes, five more per category up, rounded up to five, at least 15.
 */
export function defaultDuration(includeService: readonly string[], index: number): number {
  const base = includeService.reduce((sum, id) => sum + serviceMinutes(id), 0);
  const minutes = Math.max(15, base + index * 5);
  return Math.ceil(minutes / 5) * 5;
}

/** Durations filled in where none is typed yet; prices stay empty (a price is the owner's decision). */
export function withDefaultDurations(
  pricing: NewTariffValues['pricing'],
  classes: readonly CarClass[],
  includeService: readonly string[],
): NewTariffValues['pricing'] {
  const next: NewTariffValues['pricing'] = { ...pricing };
  classes.forEach((carClass, index) => {
    const entry = next[carClass];
    if (entry?.duration != null) return;
    next[carClass] = {
      basePrice: entry?.basePrice ?? null,
      duration: defaultDuration(includeService, index),
    };
  });
  return next;
}

export type FieldPath = (string | number)[];
type Checked = { ok: true; body: OwnTariffCreate } | { ok: false; fields: [FieldPath, string][] };

/** A schema or server field (`name`, `class_to_price.Mini`, …) as the form's field path. */
export function fieldPathOf(key: string): FieldPath | null {
  const [head, carClass] = key.split('.');
  if (head === 'name') return ['name'];
  if (head === 'main_option') return ['includeService'];
  if (head === 'extra_option') return ['additionService'];
  if (head === 'class_to_price' && carClass) return ['pricing', carClass, 'basePrice'];
  if (head === 'class_to_duration' && carClass) return ['pricing', carClass, 'duration'];
  return null;
}

/** Whether a field is on the first step (so a server error there sends the owner back to it). */
export const onFirstStep = (path: FieldPath) => path[0] !== 'pricing';

/** The `POST /own_tariffs/create/{stationId}` body for `classes`, checked with ownTariffCreateSchema. */
export function createBodyOf(values: NewTariffValues, classes: readonly CarClass[]): Checked {
  const raw = {
    tariff_status: true,
    name: values.name ?? '',
    main_option: values.includeService ?? [],
    extra_option: (values.additionService ?? []).filter((id) => !(values.includeService ?? []).includes(id)),
    class_to_duration: Object.fromEntries(
      classes.map((c) => [c, values.pricing?.[c]?.duration ?? undefined]),
    ),
    class_to_price: Object.fromEntries(classes.map((c) => [c, values.pricing?.[c]?.basePrice ?? undefined])),
  };
  const parsed = ownTariffCreateSchema.safeParse(raw);
  if (parsed.success) return { ok: true, body: parsed.data };
  const fields: [FieldPath, string][] = [];
  for (const issue of parsed.error.issues) {
    const path = fieldPathOf(issue.path.map(String).join('.'));
    if (path && !fields.some(([p]) => p.join('.') === path.join('.'))) fields.push([path, issue.message]);
  }
  return { ok: false, fields };
}
