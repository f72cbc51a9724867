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

// ---- Clients (drivers), S2 §3 ----

export const clientMessages = {
  nameRequired: 'Пожалуйста, введите имя клиента',
  phoneInvalid: 'Введите корректный номер телефона',
  created: 'Клиент успешно создан',
  createFailed: 'Не удалось создать клиента',
  loadFailed: 'Ошибка загрузки клиентов',
  /** 409 of `POST /api/drivers/create`: one client per phone in a network (not in the spec's catalogue). */
  phoneTaken: 'Клиент с таким номером телефона уже есть в сети',
} as const;

export const driverCarSchema = z.object({
  brand: z.string(),
  model: z.string(),
  plate_number: z.string().optional(),
});

export const driverSchema = z.object({
  id: z.string(),
  name: z.string(),
  surname: z.string(),
  /** '+' plus digits. */
  phone: z.string(),
  discount: z.number().int(),
  cars: z.array(driverCarSchema),
  deleted: z.boolean(),
  date_created: z.string(),
  network_id: z.string(),
});
export type Driver = z.infer<typeof driverSchema>;

/** Phone as typed: +7 (XXX) XXX-XX-XX or 10 digits; stored as '+' plus 11 digits (S2 §5). */
export const driverPhoneSchema = z
  .string({ error: clientMessages.phoneInvalid })
  .transform((raw) => raw.replace(/\D/g, ''))
  .transform((d) => (d.length === 10 ? `7${d}` : d.length === 11 && d.startsWith('8') ? `7${d.slice(1)}` : d))
  .refine((d) => /^7\d{10}$/.test(d), clientMessages.phoneInvalid)
  .transform((d) => `+${d}`);

/** `POST /api/drivers/create`. */
export const driverCreateSchema = z.object({
  network_id: z.string().uuid(),
  name: z.string({ error: clientMessages.nameRequired }).trim().min(1, clientMessages.nameRequired).max(100),
  surname: z.string().trim().max(100).optional().default(''),
  phone: driverPhoneSchema,
  discount: z.number().int().min(0).max(100).optional().default(0),
  cars: z.array(driverCarSchema).max(20).optional().default([]),
});
export type DriverCreate = z.input<typeof driverCreateSchema>;

export const driverListResponseSchema = z.object({ drivers: z.array(driverSchema) });
/** `POST /api/drivers/search/{networkId}`: search starts at 3 characters (S2 §5). */
export const driverSearchSchema = z.object({ query: z.string().trim().min(3).max(100) });
export const driverCreateResponseSchema = z.object({ id: z.string(), driver: driverSchema });
