import { z } from 'zod';
import { carClasses } from './car-classes';

export * from './car-classes';

export const carClassSchema = z.enum(carClasses);

/** One model of the car collection (S2 §3). `category` is the wash category key (= car class). */
export const carModelSchema = z.object({
  id: z.string(),
  model: z.string(),
  ru_body_name: z.string(),
  class: carClassSchema,
  kuzov: z.string(),
  category: carClassSchema,
  category_ru: z.string(),
});
export type CarModel = z.infer<typeof carModelSchema>;

/** `GET /api/cars/collections`: brand → models, plus the popular brands to list first. */
export const carCollectionResponseSchema = z.object({
  collection: z.record(z.string(), z.array(carModelSchema)),
  popular: z.array(z.string()),
});
export type CarCollectionResponse = z.infer<typeof carCollectionResponseSchema>;

// ---- Tariffs (S2 §3 «Tariff config») ----

export const tariffKinds = ['own', 'yandex'] as const;
export type TariffKind = (typeof tariffKinds)[number];

const perClass = <T extends z.ZodType>(value: T) => z.partialRecord(carClassSchema, value);

export const serviceAmountSchema = z.object({ price: z.number().int(), active: z.boolean() });

export const tariffPriceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  /** Minutes per car class. */
  durationMinutes: perClass(z.number().int()),
  priceElements: z.array(
    z.object({
      clientGroup: z.string(),
      priceComponent: perClass(
        z.object({
          includeServiceAmount: z.number().int(),
          additionalServiceAmounts: z.record(z.string(), serviceAmountSchema),
        }),
      ),
    }),
  ),
  /** Keys of included services. */
  includeService: z.array(z.string()),
  /** Keys of additional services offered with this tariff. */
  additionService: z.array(z.string()),
});
export type TariffPrice = z.infer<typeof tariffPriceSchema>;

/** `GET /api/own_tariffs/price_get/{stationId}/{tariffId}`, `GET /api/station/tariff/{stationId}/{tariffId}`. */
export const tariffConfigSchema = z.object({
  price: tariffPriceSchema,
  cars: perClass(z.string()),
  ru_services_names: z.record(z.string(), z.string()),
});
export type TariffConfig = z.infer<typeof tariffConfigSchema>;

export const tariffListItemSchema = z.object({ id: z.string(), name: z.string(), active: z.boolean() });
/** `GET /api/own_tariffs/list/{stationId}`. */
export const ownTariffListResponseSchema = z.object({ prices_list: z.array(tariffListItemSchema) });
/** `GET /api/station/tariff/{stationId}` (provider tariffs). */
export const providerTariffListResponseSchema = z.object({ yatariff: z.array(tariffListItemSchema) });

/** Additional services of a station (S2 §3): price[carClass][service] = {price, active}; a global flag. */
export const additionalServicesSchema = z.object({
  price: perClass(z.record(z.string(), serviceAmountSchema)),
  active: z.record(z.string(), z.boolean()),
  ru_services_names: z.record(z.string(), z.string()),
});
export type AdditionalServices = z.infer<typeof additionalServicesSchema>;
