import { carClasses, zeroPricedService, type AdditionalServicesUpdate, type CarClass } from '@crm/shared';
import { badRequest } from '../../plugins/errors';
import { additionServiceKeys, priceChanges, type PricedState } from './price-history';
import type { AdditionalServiceRow } from './tariffs.repository';

// The pieces of an additional-services save (`update_extra` of own tariffs, `yandex_addition_service` of
// provider ones) that do not depend on the kind: which services a body names, the state each ends up
// with, the S2 §5 zero-price rule and the history rows.

export type ServiceValues = Pick<AdditionalServiceRow, 'active' | 'prices'>;

/** Every service a body names, in the global flags or in any class's prices. */
export function touchedServices(body: AdditionalServicesUpdate): Set<string> {
  return new Set([
    ...Object.keys(body.active),
    ...carClasses.flatMap((carClass) => Object.keys(body.price[carClass] ?? {})),
  ]);
}

/** `active.{key}` / `price.{class}.{key}` → `message` for every service of the body that `known` refuses. */
export function unknownExtraFields(
  body: AdditionalServicesUpdate,
  known: (key: string) => boolean,
  message: string,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const key of Object.keys(body.active)) {
    if (!known(key)) fields[`active.${key}`] = message;
  }
  for (const carClass of carClasses) {
    for (const key of Object.keys(body.price[carClass] ?? {})) {
      if (!known(key)) fields[`price.${carClass}.${key}`] = message;
    }
  }
  return fields;
}

/**
 * The state after the save of every service in `touched`: what `before` had, overlaid with the body's flag
 * and the {price, active} of the classes it sends. A service new to the station starts switched on.
 */
export function mergedServices(
  before: ReadonlyMap<string, ServiceValues>,
  body: AdditionalServicesUpdate,
  touched: Iterable<string>,
): Map<string, ServiceValues> {
  const next = new Map<string, ServiceValues>();
  for (const key of touched) {
    const old = before.get(key);
    const prices: ServiceValues['prices'] = { ...old?.prices };
    for (const carClass of carClasses) {
      const amount = body.price[carClass]?.[key];
      if (amount) prices[carClass] = { price: amount.price, active: amount.active };
    }
    next.set(key, { active: body.active[key] ?? old?.active ?? true, prices });
  }
  return next;
}

/**
 * S2 §5: an active service needs a price above zero in every class where it is not switched off
 * («Для услуги "…" необходимо указать цены больше нуля»). A 400 naming the classes that break it.
 */
export function assertServicesPriced(services: ReadonlyMap<string, ServiceValues>): void {
  const whole: AdditionalServicesUpdate = { active: {}, price: {} };
  for (const [key, state] of services) {
    whole.active[key] = state.active;
    for (const carClass of carClasses) {
      const amount = state.prices[carClass];
      if (amount) (whole.price[carClass] ??= {})[key] = amount;
    }
  }
  const zero = zeroPricedService(whole, carClasses);
  if (zero) {
    throw badRequest(
      Object.fromEntries(zero.classes.map((c) => [`price.${c}.${zero.service}`, zero.message])),
      zero.message,
    );
  }
}

/** Per-class prices and switches of a service, for the history (a class without an amount has neither). */
function serviceState(row: ServiceValues | null | undefined): PricedState {
  if (!row) return {};
  const price: Partial<Record<CarClass, number>> = {};
  const classActive: Partial<Record<CarClass, boolean>> = {};
  for (const carClass of carClasses) {
    const amount = row.prices[carClass];
    if (!amount) continue;
    price[carClass] = amount.price;
    classActive[carClass] = amount.active;
  }
  return { active: row.active, price, classActive };
}

/** History rows of one service of `kind` changing from `before` (none when new) to `after`. */
export function serviceChanges(
  at: { stationId: string; userId: string; kind: keyof typeof additionServiceKeys },
  service: string,
  before: ServiceValues | null | undefined,
  after: ServiceValues,
) {
  return priceChanges(
    { stationId: at.stationId, tariffKey: additionServiceKeys[at.kind], service, userId: at.userId },
    serviceState(before),
    serviceState(after),
  );
}
