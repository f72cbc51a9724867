import {
  carClasses,
  maxTariffPrice,
  tariffMessages as m,
  washServiceName,
  washServices,
  zeroPricedService,
  type AdditionalServices,
  type AdditionalServicesUpdate,
  type CarClass,
} from '@crm/shared';
import {
  cellKey,
  type PriceGridErrors,
  type PriceGridService,
  type PriceGridValue,
} from '../components/price-grid';

// The additional-services page's form (S2 §2, §3, §5 «Additional services»): the server's shape to the
// grid's and back, with the field messages and the zero-price rule.

const serviceOrder = (key: string) => {
  const index = washServices.findIndex((s) => s.key === key);
  return index === -1 ? washServices.length : index;
};

/** The services of an answer in the catalogue's order, named by the answer (or the catalogue). */
export function servicesOf(data: AdditionalServices): PriceGridService[] {
  const keys = new Set(Object.keys(data.active));
  for (const perService of Object.values(data.price))
    for (const key of Object.keys(perService ?? {})) keys.add(key);
  return [...keys]
    .sort((a, b) => serviceOrder(a) - serviceOrder(b) || a.localeCompare(b))
    .map((key) => ({ key, name: data.ru_services_names[key] ?? washServiceName(key) }));
}

/** The grid's value: a cell switched off for its class, or priced 0, shows empty. */
export function gridValueOf(data: AdditionalServices, services: readonly PriceGridService[]): PriceGridValue {
  const value: PriceGridValue = {};
  for (const { key } of services) {
    const prices: Partial<Record<CarClass, number | null>> = {};
    const unoffered: Partial<Record<CarClass, boolean>> = {};
    for (const carClass of carClasses) {
      const amount = data.price[carClass]?.[key];
      const offered = !!amount && amount.active && amount.price > 0;
      prices[carClass] = offered ? amount.price : null;
      // Switched off for the class on purpose (S2 §5: «a price of 0 means unavailable for that category»).
      if (amount && !amount.active) unoffered[carClass] = true;
    }
    value[key] = { active: data.active[key] ?? false, prices, unoffered };
  }
  return value;
}

/**
 * The body to save. An active service is offered in every class but those it was not offered in and still
 * has no price for (its other empty cells stay active so the zero-price rule catches them); a switched-off
 * one keeps the prices typed, each class offered where priced.
 */
export function updateOf(value: PriceGridValue, classes: readonly CarClass[]): AdditionalServicesUpdate {
  const update: AdditionalServicesUpdate = { active: {}, price: {} };
  for (const [service, row] of Object.entries(value)) {
    update.active[service] = row.active;
    for (const carClass of classes) {
      const price = row.prices[carClass] ?? null;
      const valid = price !== null && price > 0 && price <= maxTariffPrice;
      const unoffered = price === null && !!row.unoffered?.[carClass];
      (update.price[carClass] ??= {})[service] = {
        price: valid ? price : 0,
        active: valid || (row.active && !unoffered),
      };
    }
  }
  return update;
}

export interface GridCheck {
  /** Per cell: 'Введите цену' or 'Недопустимый диапазон цены'. */
  errors: PriceGridErrors;
  /** One «Для услуги "…" необходимо указать цены больше нуля» per active service with a gap. */
  blocked: string[];
  /** The first offending cell, to move the focus to. */
  first: { service: string; carClass: CarClass } | null;
}

/** S2 §5: an active service needs a price above 0 and within range in every class. */
export function checkGrid(
  value: PriceGridValue,
  services: readonly PriceGridService[],
  classes: readonly CarClass[],
): GridCheck {
  const errors: PriceGridErrors = {};
  const blocked: string[] = [];
  let first: GridCheck['first'] = null;
  const nameOf = (key: string) => services.find((s) => s.key === key)?.name ?? washServiceName(key);
  for (const service of services) {
    const row = value[service.key];
    if (!row) continue;
    for (const carClass of classes) {
      const price = row.prices[carClass] ?? null;
      let error: string | null = null;
      if (price !== null && (price < 0 || price > maxTariffPrice)) error = m.priceRange;
      else if (row.active && price === null && !row.unoffered?.[carClass]) error = m.servicePriceRequired;
      else if (row.active && price === 0) error = m.priceRange;
      if (!error) continue;
      errors[cellKey(service.key, carClass)] = error;
      first ??= { service: service.key, carClass };
    }
    if (!row.active) continue;
    const gap = zeroPricedService(updateOf({ [service.key]: row }, classes), classes, nameOf);
    if (gap) blocked.push(gap.message);
  }
  return { errors, blocked, first };
}
