import {
  carCategories,
  carClassLabels,
  formatRub,
  washServiceName,
  type CarClass,
  type TariffConfig,
} from '@crm/shared';

/** One car class of a tariff: «1 категория», «Мини», minutes and price; null where the tariff has none. */
export interface ClassRow {
  carClass: CarClass;
  category: string;
  label: string;
  minutes: number | null;
  price: number | null;
}

/** An extra of a tariff with its price per class (null: not offered for that class). */
export interface ExtraRow {
  key: string;
  name: string;
  prices: Record<CarClass, number | null>;
  min: number | null;
  max: number | null;
}

/** S2 §2: categories sorted by the number in their Russian name («1 категория» … «6 категория»). */
const categoryOrder = [...carCategories].sort(
  (a, b) => Number(/\d+/.exec(a.ru_name)?.[0] ?? 0) - Number(/\d+/.exec(b.ru_name)?.[0] ?? 0),
);

export const orderedClasses: readonly CarClass[] = categoryOrder.map((c) => c.Name);

export function categoryName(carClass: CarClass): string {
  return carCategories.find((c) => c.Name === carClass)?.ru_name ?? carClass;
}

/** The product sells to individuals only (S1 §3); another group, if ever sent, is the fallback. */
function priceComponents(config: TariffConfig) {
  const elements = config.price.priceElements;
  return (elements.find((e) => e.clientGroup === 'Individual') ?? elements[0])?.priceComponent ?? {};
}

export function serviceName(config: TariffConfig, key: string): string {
  return config.ru_services_names[key] ?? washServiceName(key);
}

export function classRows(config: TariffConfig): ClassRow[] {
  const components = priceComponents(config);
  return orderedClasses.map((carClass) => ({
    carClass,
    category: categoryName(carClass),
    label: config.cars[carClass] ?? carClassLabels[carClass],
    minutes: config.price.durationMinutes[carClass] ?? null,
    price: components[carClass]?.includeServiceAmount ?? null,
  }));
}

export function includedNames(config: TariffConfig): string[] {
  return config.price.includeService.map((key) => serviceName(config, key));
}

/**
 * The extras the tariff offers (its `additionService` list), priced per class. A service switched off
 * for a class, or priced 0, is not sold there (S2 §3 active flags).
 */
export function extraRows(config: TariffConfig): ExtraRow[] {
  const components = priceComponents(config);
  return config.price.additionService.map((key) => {
    const prices = {} as Record<CarClass, number | null>;
    for (const carClass of orderedClasses) {
      const amount = components[carClass]?.additionalServiceAmounts[key];
      prices[carClass] = amount && amount.active && amount.price > 0 ? amount.price : null;
    }
    const sold = Object.values(prices).filter((p): p is number => p !== null);
    return {
      key,
      name: serviceName(config, key),
      prices,
      min: sold.length ? Math.min(...sold) : null,
      max: sold.length ? Math.max(...sold) : null,
    };
  });
}

/** «300 ₽» when every class costs the same, «300–700 ₽» otherwise, null when sold for no class. */
export function priceRange(min: number | null, max: number | null): string | null {
  if (min === null || max === null) return null;
  if (min === max) return formatRub(min);
  // formatRub puts «₽» after the number; the range shows it once, at the end.
  return `${formatRub(min).replace(/\s₽$/, '')}–${formatRub(max)}`;
}

/** Case- and ё-insensitive, as the history search (S1 §9). */
export function foldText(text: string): string {
  return text.toLocaleLowerCase('ru-RU').replaceAll('ё', 'е').trim();
}

/** S2 §2 «Поиск тарифов...»: the name, and once loaded the description and included services. */
export function tariffMatches(search: string, name: string, config: TariffConfig | undefined): boolean {
  const needle = foldText(search);
  if (!needle) return true;
  // A config without its main data (S2 §8) is searched by the name alone.
  const main = config?.price ? config : undefined;
  const haystack = [name, main?.price.description ?? '', ...(main ? includedNames(main) : [])];
  return haystack.some((text) => foldText(text).includes(needle));
}
