// Pure rules of tariff editing (S2 §2, §4, §5). No zod here.
import type { AdditionalServicesUpdate } from './tariff-edit.schema';
import { washServiceName } from './car-classes';
import { tariffMessages } from './tariff-messages';

/** The number in a category's Russian name («4 категория» → 4); names without one go last. */
function categoryNumber(ruName: string): number {
  const match = /\d+/.exec(ruName);
  return match ? Number(match[0]) : Number.POSITIVE_INFINITY;
}

/** Categories sorted by the number found in their Russian name (S2 §2 «/tariffs/new» step 2). */
export function sortCategories<T extends { ru_name: string }>(categories: readonly T[]): T[] {
  return [...categories].sort((a, b) => categoryNumber(a.ru_name) - categoryNumber(b.ru_name));
}

/**
 * The first active service that has a zero or missing price in some car class, with its S2 §5 message,
 * or null when the additional services may be saved. `classes` are the classes a price is needed for.
 */
export function zeroPricedService(
  update: AdditionalServicesUpdate,
  classes: readonly string[],
  nameOf: (key: string) => string = washServiceName,
): { service: string; classes: string[]; message: string } | null {
  for (const [service, active] of Object.entries(update.active)) {
    if (!active) continue;
    const missing = classes.filter((carClass) => {
      const amount = update.price[carClass as keyof typeof update.price]?.[service];
      return amount?.active !== false && !(amount && amount.price > 0);
    });
    if (missing.length > 0)
      return { service, classes: missing, message: tariffMessages.servicePriceZero(nameOf(service)) };
  }
  return null;
}

/**
 * Whether switching tariff `id` to `active` would leave the station without an active provider tariff
 * (S2 §4: «Нельзя выключить все Яндекс тарифы»).
 */
export function switchesOffLastProviderTariff(
  tariffs: readonly { id: string; active: boolean }[],
  id: string,
  active: boolean,
): boolean {
  if (active) return false;
  const stillActive = tariffs.filter((t) => t.active && t.id !== id);
  return stillActive.length === 0 && tariffs.some((t) => t.id === id && t.active);
}
