import { z } from 'zod';
import { carClassSchema } from './catalog.schema';
import { tariffMessages as m } from './tariff-messages';

// The write side of tariffs (S2 §3, §5, §7): what the owner sends to change prices, and the extra
// reads the editing pages need. Field names are the spec's; where the spec sent a flat map of
// `extra_{service}_{category}_price` keys we send the same facts as nested objects (docs/decisions.md).

const perClass = <T extends z.ZodType>(value: T) => z.partialRecord(carClassSchema, value);

/** S2 §5 / §9: price fields 0–999 999 ₽, whole rubles. */
export const maxTariffPrice = 999_999;
/** A duration longer than a day is a typo, not a wash. */
export const maxTariffDuration = 24 * 60;
export const maxTariffNameLength = 100;
/** S2 §2: the add-card shows while the station has this many own tariffs or fewer. */
export const maxOwnTariffsForAddCard = 2;

const price = z
  .number({ error: m.priceRequired })
  .int(m.priceRange)
  .min(0, m.priceRange)
  .max(maxTariffPrice, m.priceRange);
const duration = z
  .number({ error: m.durationRequired })
  .int(m.durationPositive)
  .min(0, m.durationPositive)
  .max(maxTariffDuration, m.durationPositive);
const serviceKey = z.string().min(1).max(64);

// ---- Strategy (S2 §2, §7 `/station/strategy/{id}`) ----

/** Which tariff tabs a station has: provider bookings, in-app payment, a robot wash with fixed tariffs. */
export const stationStrategySchema = z.object({
  booking: z.boolean(),
  payment: z.boolean(),
  robot: z.boolean(),
});
export type StationStrategy = z.infer<typeof stationStrategySchema>;

// ---- Own tariffs ----

/** `GET /api/own_tariffs/update_tariff/{stationId}[?tariff_id=]`: what the creation form offers. */
export const ownTariffInitSchema = z.object({
  /** The tariff being edited, or null when a new one is being created. */
  tariff_id: z.string().nullable(),
  base_services: z.array(z.object({ id: z.string(), name_ru: z.string() })),
  car_category: z.array(z.object({ Name: carClassSchema, ru_name: z.string(), ru_name_full: z.string() })),
});
export type OwnTariffInit = z.infer<typeof ownTariffInitSchema>;

const ownTariffFields = {
  tariff_status: z.boolean(),
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .max(maxTariffNameLength, m.nameTooLong),
  main_option: z.array(serviceKey).min(1, m.mainServiceRequired).max(64),
  extra_option: z.array(serviceKey).max(64),
  class_to_duration: perClass(duration),
};

/** A service cannot be both included and extra (S2 §5). */
const noServiceTwice = (value: { main_option: string[]; extra_option: string[] }, ctx: z.RefinementCtx) => {
  if (value.extra_option.some((key) => value.main_option.includes(key)))
    ctx.addIssue({ code: 'custom', path: ['extra_option'], message: m.serviceBothMainAndExtra });
};

/**
 * `POST /api/own_tariffs/update_tariff/{stationId}/{tariffId}` (S2 §3 «Own-tariff update»): name,
 * status, included and extra services, minutes per class.
 */
export const ownTariffUpdateSchema = z.object(ownTariffFields).superRefine(noServiceTwice);
export type OwnTariffUpdate = z.infer<typeof ownTariffUpdateSchema>;

/**
 * `POST /api/own_tariffs/create/{stationId}`: the spec's payload plus the prices of step 2, so that a
 * tariff is created with its prices in one transaction instead of create-then-price (S2 §4).
 * Every category needs a price and a duration above zero (S2 §5 «New own tariff»).
 */
export const ownTariffCreateSchema = z
  .object({
    ...ownTariffFields,
    class_to_duration: perClass(duration.min(1, m.durationPositive)),
    class_to_price: perClass(price.min(1, m.pricePositive)),
  })
  .superRefine(noServiceTwice);
export type OwnTariffCreate = z.infer<typeof ownTariffCreateSchema>;

/** `POST /api/own_tariffs/create/{stationId}` answers the new tariff's id. */
export const ownTariffCreatedSchema = z.object({ id: z.string() });

/**
 * `POST /api/own_tariffs/price_update/update_includes/{stationId}/{tariffId}`: prices switched on or off
 * and the price of the tariff per class.
 */
export const ownTariffPricesSchema = z.object({
  price_active: z.boolean(),
  class_to_price: perClass(price),
});
export type OwnTariffPrices = z.infer<typeof ownTariffPricesSchema>;

// ---- Additional services (own: `update_extra`; provider: `tariff_id: 'addition_service'`) ----

/** Per service its station-wide flag and, per class, {active, price} (S2 §3 «Additional services»). */
export const additionalServicesUpdateSchema = z.object({
  active: z.record(serviceKey, z.boolean()),
  price: perClass(z.record(serviceKey, z.object({ price, active: z.boolean() }))),
});
export type AdditionalServicesUpdate = z.infer<typeof additionalServicesUpdateSchema>;

// ---- Provider (Yandex) tariffs: `POST /api/station/tariff/{stationId}` ----

/** Prices, durations and status only (S2 §6); the name is the partner's. */
export const providerTariffUpdateSchema = z.object({
  tariff_id: z.string().min(1).max(64),
  update_tariff: z.object({
    active: z.boolean(),
    duration_minutes: perClass(duration),
    class_to_price: perClass(price),
  }),
});
export type ProviderTariffUpdate = z.infer<typeof providerTariffUpdateSchema>;

/** `POST /api/station/tariff/{stationId}/import`: copy provider prices from a station of the same network. */
export const providerPriceImportSchema = z.object({ source_station_id: z.string().min(1).max(64) });
export const providerPriceImportResultSchema = z.object({ imported: z.number().int() });

// ---- Fixed tariffs (S2 §3, §5) ----

const fixedDescription = z
  .string({ error: m.fixedDescriptionRequired })
  .min(1, m.fixedDescriptionRequired)
  .refine((s) => s.trim().length > 0, m.fixedDescriptionBlank)
  .refine((s) => s.trim().length >= 3, m.fixedDescriptionShort)
  .refine((s) => s.trim().length <= 100, m.fixedDescriptionLong)
  // `overwrite`, not `transform`: the list is also a response schema, and a transform cannot be encoded.
  .overwrite((s) => s.trim());

export const fixedTariffSchema = z.object({
  /** A uuid for a saved one; a new one carries a temporary id the server replaces. */
  id: z.string().min(1).max(64),
  description: fixedDescription,
  cost: z
    .number({ error: m.fixedCostRequired })
    .int(m.priceRange)
    .min(0, m.fixedCostNegative)
    .max(maxTariffPrice, m.priceRange),
  status: z.boolean(),
});
export type FixedTariff = z.infer<typeof fixedTariffSchema>;

/** `GET` and `POST /api/station/fixed-tariffs/{stationId}`: the whole list. */
export const fixedTariffListSchema = z.object({ fixed_tariffs: z.array(fixedTariffSchema).max(100) });
export type FixedTariffList = z.infer<typeof fixedTariffListSchema>;

// ---- Payment settings (S2 §5 «Payment settings (tariffs tab)») ----

const paymentAmount = z
  .number({ error: m.fieldRequired })
  .int(m.minOneRuble)
  .min(1, m.minOneRuble)
  .max(maxTariffPrice, m.priceRange);

export const paymentSettingsSchema = z
  .object({ min: paymentAmount, step: paymentAmount, max: paymentAmount })
  .superRefine((v, ctx) => {
    if (v.max < v.min) ctx.addIssue({ code: 'custom', path: ['max'], message: m.maxBelowMin });
  });
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

// ---- Price history: prices never rewrite orders, and each change is recorded ----

export const priceChangeSchema = z.object({
  id: z.string(),
  changed_at: z.string(),
  /** «Имя Фамилия» of who changed it, or null for a user since removed. */
  changed_by: z.string().nullable(),
  /** Tariff id, or 'addition_service' for an additional service. */
  tariff_id: z.string(),
  /** The changed service (additional services only). */
  service: z.string().nullable(),
  car_class: carClassSchema.nullable(),
  /** price | duration | active */
  field: z.enum(['price', 'duration', 'active']),
  old_value: z.number().int().nullable(),
  new_value: z.number().int().nullable(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

/** `GET /api/tariff_history/{stationId}/{tariffId}`: newest first, at most 200. */
export const priceHistorySchema = z.object({ changes: z.array(priceChangeSchema) });
