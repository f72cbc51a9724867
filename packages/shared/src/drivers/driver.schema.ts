import { z } from 'zod';
import { normalizePlate, isValidPlate } from '../orders/order-rules';
import { orderMessages } from '../orders/order-status';
import { clientMessages } from './drivers-messages';
import { normalizePhone } from './phone';
import {
  defaultDriverPageSize,
  defaultDriverSort,
  driverFilters,
  driverSearchMinLength,
  driverSorts,
  maxDriverPageSize,
} from './driver-list';

// ---- The client (S2 §3) as the API returns it ----

export const driverCarSchema = z.object({
  brand: z.string(),
  model: z.string(),
  plate_number: z.string().optional(),
});
export type DriverCar = z.infer<typeof driverCarSchema>;

export const driverSchema = z.object({
  id: z.string(),
  name: z.string(),
  surname: z.string(),
  /** '+' plus digits. */
  phone: z.string(),
  /** Percent, 0–100, applied by the server when an order is priced for this client. */
  discount: z.number().int(),
  cars: z.array(driverCarSchema),
  deleted: z.boolean(),
  date_created: z.string(),
  network_id: z.string(),
});
export type Driver = z.infer<typeof driverSchema>;

// ---- Form input (S2 §5) ----

/** Phone as typed: +7 (XXX) XXX-XX-XX or 10 digits; stored as '+' plus 11 digits (S2 §5). */
export const driverPhoneSchema = z
  .string({ error: clientMessages.phoneInvalid })
  .max(40, clientMessages.phoneInvalid)
  .transform((raw, ctx) => {
    const phone = normalizePhone(raw);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: clientMessages.phoneInvalid });
      return z.NEVER;
    }
    return phone;
  });

export const driverDiscountSchema = z
  .number({ error: clientMessages.discountInvalid })
  .int(clientMessages.discountInvalid)
  .min(0, clientMessages.discountInvalid)
  .max(100, clientMessages.discountInvalid);

/** A car from the car collection (brand, model) with an optional plate, normalised like the order form's. */
export const driverCarInputSchema = z.object({
  brand: z
    .string({ error: clientMessages.carBrandRequired })
    .trim()
    .min(1, clientMessages.carBrandRequired)
    .max(60),
  model: z
    .string({ error: clientMessages.carModelRequired })
    .trim()
    .min(1, clientMessages.carModelRequired)
    .max(60),
  plate_number: z
    .string()
    .max(20, orderMessages.plateFormat)
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return undefined;
      const plate = normalizePlate(raw);
      if (!isValidPlate(plate)) {
        ctx.addIssue({ code: 'custom', message: orderMessages.plateFormat });
        return z.NEVER;
      }
      return plate;
    }),
});

const driverNameSchema = z
  .string({ error: clientMessages.nameRequired })
  .trim()
  .min(1, clientMessages.nameRequired)
  .max(100, clientMessages.nameTooLong);
const driverSurnameSchema = z.string().trim().max(100, clientMessages.nameTooLong);
const driverCarsSchema = z.array(driverCarInputSchema).max(20);

/** `POST /api/drivers/create`. */
export const driverCreateSchema = z.object({
  network_id: z.string().uuid(),
  name: driverNameSchema,
  surname: driverSurnameSchema.optional().default(''),
  phone: driverPhoneSchema,
  discount: driverDiscountSchema.optional().default(0),
  cars: driverCarsSchema.optional().default([]),
});
export type DriverCreate = z.input<typeof driverCreateSchema>;
export const driverCreateResponseSchema = z.object({ id: z.string(), driver: driverSchema });

/** `POST /api/drivers/update/{id}`: the fields sent are changed, the others kept. */
export const driverUpdateSchema = z.object({
  name: driverNameSchema.optional(),
  surname: driverSurnameSchema.optional(),
  phone: driverPhoneSchema.optional(),
  discount: driverDiscountSchema.optional(),
  cars: driverCarsSchema.optional(),
});
export type DriverUpdate = z.input<typeof driverUpdateSchema>;
/** Answer of update, delete and restore: the client as it now is. */
export const driverResponseSchema = z.object({ driver: driverSchema });
export type DriverResponse = z.infer<typeof driverResponseSchema>;

// ---- List (S2 §2, §9): paged, filtered, sorted and searched on the server ----

const pageInvalid = 'Номер страницы — целое число от 1';
const pageSizeInvalid = `Размер страницы — от 1 до ${maxDriverPageSize}`;
/** A positive whole number in a query string; the pattern alone admits only 1…max (OpenAPI shows it). */
const queryInt = (message: string, pattern: RegExp, max: number) =>
  z
    .string({ error: message })
    .regex(pattern, message)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, message);
const queryPage = () => queryInt(pageInvalid, /^[1-9]\d{0,4}$/, 99_999);
const queryPageSize = () => queryInt(pageSizeInvalid, /^(?:[1-9]|[1-9]\d|1\d\d|200)$/, maxDriverPageSize);

/**
 * `GET /api/drivers/list/{networkId}?page=&page_size=&filter=&sort=&search=`. Without any parameter the
 * call answers as the spec's (every client, active first, by name, no `total`); with any of them it
 * answers one page (page 1, 25 rows, all, name_asc by default) and `total`. A search shorter than
 * 3 characters (after trimming) is no search (S2 §5).
 */
export const driverListQuerySchema = z.object({
  page: queryPage().optional(),
  page_size: queryPageSize().optional(),
  filter: z.enum(driverFilters, { error: 'Неизвестный фильтр' }).optional(),
  sort: z.enum(driverSorts, { error: 'Неизвестная сортировка' }).optional(),
  search: z.string().trim().max(100, 'Не больше 100 символов').optional(),
});
export type DriverListQuery = z.input<typeof driverListQuerySchema>;
export const driverListDefaults = {
  page: 1,
  page_size: defaultDriverPageSize,
  filter: 'all',
  sort: defaultDriverSort,
  searchMinLength: driverSearchMinLength,
} as const;

export const driverListResponseSchema = z.object({
  drivers: z.array(driverSchema),
  /** Paged calls only: how many clients match the filter and search (for the pagination). */
  total: z.number().int().optional(),
});
export type DriverListResponse = z.infer<typeof driverListResponseSchema>;

/** `POST /api/drivers/search/{networkId}`: at most 20 clients, search starts at 3 characters (S2 §5). */
export const driverSearchSchema = z.object({ query: z.string().trim().min(driverSearchMinLength).max(100) });

// ---- One client: details and visits ----

/** Visit summary of `GET /api/drivers/get/{id}`: orders of the network's stations linked or by phone. */
export const driverSummarySchema = z.object({
  /** Orders of any status except the cancelled ones. */
  orders_count: z.number().int(),
  /** Completed orders. */
  visits_count: z.number().int(),
  /** Money of completed orders (their `sum_completed`, else `sum`), rubles. */
  total_spent: z.number().int(),
  /** Booking start of the first and the last completed order (ISO UTC); null without any. */
  first_visit: z.string().nullable(),
  last_visit: z.string().nullable(),
  /** The station with most completed orders (ties: the latest visited). */
  favourite_station: z.object({ id: z.string(), name: z.string(), visits: z.number().int() }).nullable(),
});
export type DriverSummary = z.infer<typeof driverSummarySchema>;

export const driverDetailsResponseSchema = z.object({ driver: driverSchema, summary: driverSummarySchema });
export type DriverDetailsResponse = z.infer<typeof driverDetailsResponseSchema>;

/** `GET /api/drivers/visits/{id}?page=&page_size=`: newest first; default page 1 of 25. */
export const driverVisitsQuerySchema = z.object({
  page: queryPage().optional(),
  page_size: queryPageSize().optional(),
});
export type DriverVisitsQuery = z.input<typeof driverVisitsQuerySchema>;

export const driverVisitSchema = z.object({
  order_id: z.string(),
  number: z.number().int(),
  /** Booking start, ISO UTC; show it in `station_timezone`. */
  date: z.string(),
  station_id: z.string(),
  station_name: z.string(),
  station_timezone: z.string(),
  car: z.object({ brand: z.string(), model: z.string(), plate_number: z.string() }),
  /** The tariff's name; null when the order has none (or it was removed). */
  tariff: z.string().nullable(),
  sum: z.number().int(),
  status: z.string(),
  /** How the order reached the client: linked to them, or only carrying their phone. */
  matched_by: z.enum(['driver', 'phone']),
});
export type DriverVisit = z.infer<typeof driverVisitSchema>;
export const driverVisitsResponseSchema = z.object({
  visits: z.array(driverVisitSchema),
  total: z.number().int(),
});
export type DriverVisitsResponse = z.infer<typeof driverVisitsResponseSchema>;
