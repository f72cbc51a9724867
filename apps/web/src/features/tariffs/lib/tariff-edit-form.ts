import {
  formatRub,
  ownTariffPricesSchema,
  ownTariffUpdateSchema,
  providerTariffUpdateSchema,
  tariffMessages,
  type CarClass,
  type OwnTariffPrices,
  type OwnTariffUpdate,
  type PriceChange,
  type ProviderTariffUpdate,
  type TariffConfig,
} from '@crm/shared';
import { categoryName, orderedClasses, serviceName } from './tariff-view';

// The edit form of a tariff (S2 §4, §5): values from a config, bodies checked with the shared schemas the
// server validates with (DESIGN §3), and the server's 400 field keys mapped back onto the form.

type PerClass = Record<CarClass, number | null>;

/** The antd form's values; services live beside the form, as lists with a «removed» mark. */
export interface TariffFormValues {
  name: string;
  active: boolean;
  price_active: boolean;
  prices: PerClass;
  durations: PerClass;
}

/** A service of the tariff in the edit form: removed ones stay, struck through, until saved (S2 §4). */
export interface ServiceMark {
  key: string;
  removed: boolean;
}

export interface ServiceLists {
  main: ServiceMark[];
  extra: ServiceMark[];
}

export type Checked<T> = { ok: true; body: T } | { ok: false; fields: Record<string, string> };

function individualComponents(config: TariffConfig) {
  const elements = config.price.priceElements;
  return (elements.find((e) => e.clientGroup === 'Individual') ?? elements[0])?.priceComponent ?? {};
}

export function formValuesOf(config: TariffConfig): TariffFormValues {
  const components = individualComponents(config);
  const prices = {} as PerClass;
  const durations = {} as PerClass;
  for (const carClass of orderedClasses) {
    prices[carClass] = components[carClass]?.includeServiceAmount ?? null;
    durations[carClass] = config.price.durationMinutes[carClass] ?? null;
  }
  return { name: config.price.name, active: config.price.active, price_active: true, prices, durations };
}

export function serviceListsOf(config: TariffConfig): ServiceLists {
  const mark = (key: string): ServiceMark => ({ key, removed: false });
  return { main: config.price.includeService.map(mark), extra: config.price.additionService.map(mark) };
}

const kept = (list: ServiceMark[]) => list.filter((s) => !s.removed).map((s) => s.key);

/**
 * Per class the value typed, leaving out classes the tariff never had and that stay empty; a class that
 * had a value and was cleared is an error (the tariff would lose its price there silently).
 */
function perClassValues(
  values: PerClass,
  before: PerClass,
  field: 'prices' | 'durations',
  fields: Record<string, string>,
): Partial<Record<CarClass, number>> {
  const out: Partial<Record<CarClass, number>> = {};
  for (const carClass of orderedClasses) {
    const value = values[carClass];
    if (value === null || value === undefined || Number.isNaN(value)) {
      if (before[carClass] !== null)
        fields[`${field}.${carClass}`] =
          field === 'prices' ? tariffMessages.priceRequired : tariffMessages.durationRequired;
      continue;
    }
    out[carClass] = value;
  }
  return out;
}

function issuesToFields(issues: { path: PropertyKey[]; message: string }[], fields: Record<string, string>) {
  for (const issue of issues) {
    const key = formFieldKey(issue.path.map(String).join('.'));
    fields[key] ??= issue.message;
  }
}

/** A server or schema field key as the form's: `class_to_price.Mini` → `prices.Mini`, … */
export function formFieldKey(key: string): string {
  const bare = key.replace(/^update_tariff\./, '');
  const [head, ...rest] = bare.split('.');
  const renamed: Record<string, string> = {
    class_to_price: 'prices',
    class_to_duration: 'durations',
    duration_minutes: 'durations',
    tariff_status: 'active',
  };
  return [renamed[head!] ?? head, ...rest].join('.');
}

/** `cars.0.x` → ['cars', 0, 'x'] for antd's setFields. */
export function fieldPath(key: string): (string | number)[] {
  return key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The two bodies of an own-tariff save: update_tariff, then update_includes. */
export function ownTariffBodies(
  values: TariffFormValues,
  services: ServiceLists,
  before: TariffFormValues,
): Checked<{ tariff: OwnTariffUpdate; prices: OwnTariffPrices }> {
  const fields: Record<string, string> = {};
  const class_to_duration = perClassValues(values.durations, before.durations, 'durations', fields);
  const class_to_price = perClassValues(values.prices, before.prices, 'prices', fields);
  const tariff = ownTariffUpdateSchema.safeParse({
    tariff_status: values.active,
    name: values.name ?? '',
    main_option: kept(services.main),
    extra_option: kept(services.extra),
    class_to_duration,
  });
  const prices = ownTariffPricesSchema.safeParse({ price_active: values.price_active, class_to_price });
  if (!tariff.success) issuesToFields(tariff.error.issues, fields);
  if (!prices.success) issuesToFields(prices.error.issues, fields);
  if (Object.keys(fields).length > 0 || !tariff.success || !prices.success) return { ok: false, fields };
  return { ok: true, body: { tariff: tariff.data, prices: prices.data } };
}

/** The provider tariff's body: status, minutes and prices only (S2 §6). */
export function providerTariffBody(
  tariffId: string,
  values: Pick<TariffFormValues, 'active' | 'prices' | 'durations'>,
  before: TariffFormValues,
): Checked<ProviderTariffUpdate> {
  const fields: Record<string, string> = {};
  const duration_minutes = perClassValues(values.durations, before.durations, 'durations', fields);
  const class_to_price = perClassValues(values.prices, before.prices, 'prices', fields);
  const parsed = providerTariffUpdateSchema.safeParse({
    tariff_id: tariffId,
    update_tariff: { active: values.active, duration_minutes, class_to_price },
  });
  if (!parsed.success) issuesToFields(parsed.error.issues, fields);
  if (Object.keys(fields).length > 0 || !parsed.success) return { ok: false, fields };
  return { ok: true, body: parsed.data };
}

/** The same tariff with another status, for the card's switch (everything else as loaded). */
export function ownStatusBody(config: TariffConfig, active: boolean): OwnTariffUpdate {
  const values = formValuesOf(config);
  const durations: Partial<Record<CarClass, number>> = {};
  for (const carClass of orderedClasses) {
    const minutes = values.durations[carClass];
    if (minutes !== null) durations[carClass] = minutes;
  }
  return {
    tariff_status: active,
    name: config.price.name,
    main_option: config.price.includeService,
    extra_option: config.price.additionService,
    class_to_duration: durations,
  };
}

export function providerStatusBody(config: TariffConfig, active: boolean): ProviderTariffUpdate {
  const values = formValuesOf(config);
  const duration_minutes: Partial<Record<CarClass, number>> = {};
  const class_to_price: Partial<Record<CarClass, number>> = {};
  for (const carClass of orderedClasses) {
    const minutes = values.durations[carClass];
    const price = values.prices[carClass];
    if (minutes !== null) duration_minutes[carClass] = minutes;
    if (price !== null) class_to_price[carClass] = price;
  }
  return { tariff_id: config.price.id, update_tariff: { active, duration_minutes, class_to_price } };
}

// ---- Price history ----

const dateTime = (iso: string, timeZone: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  };
  try {
    return new Intl.DateTimeFormat('ru-RU', { ...options, timeZone }).format(date).replace(',', '');
  } catch {
    return new Intl.DateTimeFormat('ru-RU', options).format(date).replace(',', '');
  }
};

function changeValue(change: PriceChange, value: number | null): string {
  if (value === null) return '—';
  if (change.field === 'price') return formatRub(value);
  if (change.field === 'duration') return `${value} мин`;
  return value ? tariffMessages.active : tariffMessages.inactive;
}

/**
 * One change in Russian: «12.11.2026 14:05 · Иван Петров · 3 категория: 900 → 1 000 ₽»; durations
 * read «… · 3 категория, время: 30 → 35 мин», status «… · Статус: Неактивен → Активен».
 */
export function describeChange(
  change: PriceChange,
  timeZone: string,
  nameOf: (key: string) => string,
): { when: string; who: string; what: string } {
  const subject = [
    change.service ? nameOf(change.service) : null,
    change.car_class ? categoryName(change.car_class) : null,
  ]
    .filter(Boolean)
    .join(', ');
  const label =
    change.field === 'active'
      ? subject
        ? `${subject}, статус`
        : 'Статус'
      : change.field === 'duration'
        ? `${subject || 'Время'}${subject ? ', время' : ''}`
        : subject || 'Цена';
  const from = changeValue(change, change.old_value);
  const to = changeValue(change, change.new_value);
  // «900 → 1 000 ₽»: the unit once, at the end, when both sides carry it.
  const unit = change.field === 'price' ? ' ₽' : change.field === 'duration' ? ' мин' : '';
  const fromShort = unit && from.endsWith(unit) && to.endsWith(unit) ? from.slice(0, -unit.length) : from;
  return {
    when: dateTime(change.changed_at, timeZone),
    who: change.changed_by ?? 'Удалённый пользователь',
    what: `${label}: ${fromShort} → ${to}`,
  };
}

export const historyLine = (change: PriceChange, timeZone: string, config?: TariffConfig) => {
  const d = describeChange(change, timeZone, (key) => (config ? serviceName(config, key) : key));
  return `${d.when} · ${d.who} · ${d.what}`;
};
