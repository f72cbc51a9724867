import { z } from 'zod';
import { carClassSchema } from '../catalog/catalog.schema';
import { isoInstant, localDate } from '../time/date-fields';

// The partner side of orders (issue 36, DESIGN §9): the system admin registers a partner (Yandex,
// Benzuber), an owner connects a station to it, and the partner books through `/api/partner/v1/`.
// Requests and our status callbacks are signed per Standard Webhooks.

/** Whose orders a partner brings: the order source it writes (S1 §1 sources). */
export const partnerSources = ['Yandex', 'Benzuber'] as const;
export type PartnerSource = (typeof partnerSources)[number];

export const partnerMessages = {
  nameRequired: 'Укажите название партнёра',
  callbackUrl: 'Укажите адрес для уведомлений: https://…',
  sourceRequired: 'Укажите, чьи это заказы: Яндекс или Benzuber',
  partnerRequired: 'Выберите партнёра',
  partnerStationRequired: 'Укажите номер станции у партнёра',
  partnerStationTaken: 'Этот номер станции у партнёра уже подключён к другой станции',
  created: 'Партнёр зарегистрирован',
  secretOnce: 'Секрет показан один раз: сохраните его сейчас и передайте партнёру',
  rotated: 'Новый секрет выпущен. Старый действует ещё 24 часа',
  connected: 'Станция подключена к партнёру',
  saved: 'Настройки интеграции сохранены',
  disconnected: 'Станция отключена от партнёра',
  noPartners: 'Партнёры ещё не зарегистрированы',
  noDeliveries: 'Обмена с партнёрами пока не было',
  // The partner API's own error messages (machine-readable `code` is what partners program against).
  signatureInvalid: 'Подпись запроса неверна или устарела',
  replayed: 'Этот запрос уже был принят (повтор webhook-id)',
  idempotencyMismatch: 'Заказ с этим partner_order_id уже создан с другими данными',
  stationNotConnected: 'Станция не найдена или не подключена к партнёру',
  bookingNotFound: 'Заказ не найден',
  tariffNotFound: 'Тариф не найден или недоступен партнёру',
  categoryNotPriced: 'У тарифа нет цены для этой категории автомобиля',
  cannotCancel: 'Заказ уже завершён или отменён',
  cannotReschedule: 'Заказ нельзя перенести: работа уже началась или заказ закрыт',
  startInPast: 'Это время уже прошло: выберите начало в будущем',
} as const;

const name = z
  .string({ error: partnerMessages.nameRequired })
  .trim()
  .min(1, partnerMessages.nameRequired)
  .max(100);

// https to a host name, or plain http to this machine only (a local receiver in tests and the simulator).
const callbackUrlPattern =
  /^(?:https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?|http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?)(?:\/[^\s]*)?$/;

/** The partner's callback endpoint: https only (a localhost receiver is allowed over http for tests). */
export const callbackUrlSchema = z
  .string({ error: partnerMessages.callbackUrl })
  .trim()
  .max(500)
  .regex(callbackUrlPattern, partnerMessages.callbackUrl);

/** `POST /api/admin/partners`. `source` defaults from the name (Яндекс/Yandex, Benzuber/Бензубер). */
export const partnerCreateSchema = z
  .object({
    name,
    callback_url: callbackUrlSchema,
    source: z.enum(partnerSources, { error: partnerMessages.sourceRequired }).optional(),
  })
  .strict();
export type PartnerCreate = z.infer<typeof partnerCreateSchema>;

/** `POST /api/admin/partners/{partnerId}`: rename or move the callback. */
export const partnerUpdateSchema = z
  .object({ name: name.optional(), callback_url: callbackUrlSchema.optional() })
  .strict();

/** Per-partner health the system admin watches. */
export const partnerHealthSchema = z.object({
  last_success_at: z.string().nullable(),
  failures_waiting: z.number().int(),
  oldest_undelivered_at: z.string().nullable(),
  connected_stations: z.number().int(),
});

export const partnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  source: z.enum(partnerSources),
  callback_url: z.string(),
  created_at: z.string(),
  /** The previous secret stays valid until then after a rotation; null when there is none. */
  previous_secret_valid_until: z.string().nullable(),
  health: partnerHealthSchema,
});
export type Partner = z.infer<typeof partnerSchema>;

/** `GET /api/admin/partners`. */
export const partnerListSchema = z.object({ partners: z.array(partnerSchema) });

/** `POST /api/admin/partners` (201) and `POST …/{partnerId}/rotate-secret`: the secret, shown once. */
export const partnerSecretSchema = z.object({
  id: z.string(),
  /** `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
  secret: z.string(),
  previous_secret_valid_until: z.string().nullable(),
});

/** `POST /api/station/{stationId}/partners`: connect (or update the connection of) a station. */
export const stationPartnerConnectSchema = z
  .object({
    partner_id: z.string({ error: partnerMessages.partnerRequired }).min(1, partnerMessages.partnerRequired),
    partner_station_id: z
      .string({ error: partnerMessages.partnerStationRequired })
      .trim()
      .min(1, partnerMessages.partnerStationRequired)
      .max(100)
      .regex(/^[A-Za-z0-9._:-]+$/, 'Номер станции у партнёра: латинские буквы, цифры и . _ : -'),
    enabled: z.boolean(),
  })
  .strict();
export type StationPartnerConnect = z.infer<typeof stationPartnerConnectSchema>;

/** Directions of an exchange with a partner: their request to us, our callback to them. */
export const deliveryDirections = ['in', 'out'] as const;
export const deliveryResults = ['ok', 'failed', 'pending'] as const;

/** One row of «последний обмен» on the station's «Интеграции» page (no personal data). */
export const partnerDeliverySchema = z.object({
  id: z.string(),
  direction: z.enum(deliveryDirections),
  partner_id: z.string(),
  /** `booking.create`, `booking.cancel`, … for requests; a callback event type for callbacks. */
  kind: z.string(),
  partner_order_id: z.string().nullable(),
  order_number: z.number().int().nullable(),
  result: z.enum(deliveryResults),
  /** HTTP status we answered (in) or the partner answered (out); null while never answered. */
  status_code: z.number().int().nullable(),
  attempts: z.number().int(),
  at: z.string(),
});
export type PartnerDelivery = z.infer<typeof partnerDeliverySchema>;

export const stationPartnerSchema = z.object({
  partner_id: z.string(),
  partner_name: z.string(),
  source: z.enum(partnerSources),
  partner_station_id: z.string(),
  enabled: z.boolean(),
  updated_at: z.string(),
});
export type StationPartner = z.infer<typeof stationPartnerSchema>;

/** `GET /api/station/{stationId}/partners`: the «Интеграции» page. */
export const stationIntegrationsSchema = z.object({
  /** Every registered partner (id, name) the owner may connect to. */
  partners: z.array(z.object({ id: z.string(), name: z.string(), source: z.enum(partnerSources) })),
  connections: z.array(stationPartnerSchema),
  /** The newest 50 exchanges, both directions, newest first. */
  deliveries: z.array(partnerDeliverySchema),
});
export type StationIntegrations = z.infer<typeof stationIntegrationsSchema>;

// ---- The partner API (`/api/partner/v1/`) ----

/** `GET …/stations/{partnerStationId}/availability`. */
export const partnerAvailabilityQuerySchema = z
  .object({ date: localDate(), tariff_id: z.string().min(1).max(100), car_category: carClassSchema })
  .strict();

export const partnerAvailabilitySchema = z.object({
  partner_station_id: z.string(),
  date: z.string(),
  time_zone: z.string(),
  tariff_id: z.string(),
  car_category: carClassSchema,
  price: z.number().int(),
  duration_minutes: z.number().int(),
  /** Free start instants (ISO UTC) on that local date. */
  start_times: z.array(z.string()),
});

const partnerOrderId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._:-]+$/, 'partner_order_id: латинские буквы, цифры и . _ : -');

/** `POST /api/partner/v1/bookings`. */
export const partnerBookingCreateSchema = z
  .object({
    partner_order_id: partnerOrderId,
    partner_station_id: z.string().min(1).max(100),
    tariff_id: z.string().min(1).max(100),
    car: z
      .object({
        brand: z.string().trim().min(1).max(60),
        model: z.string().trim().min(1).max(60),
        plate_number: z.string().trim().max(20),
        category: carClassSchema,
      })
      .strict(),
    booking_start: isoInstant(),
    client: z
      .object({ redirection_phone: z.string().trim().min(1).max(30), ext: z.string().max(20).optional() })
      .strict(),
    paid: z.boolean(),
  })
  .strict();
export type PartnerBookingCreate = z.infer<typeof partnerBookingCreateSchema>;

/** `POST /api/partner/v1/bookings/{partnerOrderId}/reschedule`. */
export const partnerRescheduleSchema = z.object({ booking_start: isoInstant() }).strict();

/** `POST /api/partner/v1/bookings/{partnerOrderId}/cancel`. */
export const partnerCancelSchema = z.object({ reason: z.string().max(300).optional() }).strict();

/** A booking as the partner sees it (no station-internal data). */
export const partnerBookingSchema = z.object({
  partner_order_id: z.string(),
  partner_station_id: z.string(),
  /** Our order's number (what the station says on the phone). */
  order_number: z.number().int(),
  status: z.string(),
  booking_start: z.string(),
  booking_end: z.string(),
  price: z.number().int(),
  paid: z.boolean(),
  reason: z.string().nullable(),
});
export type PartnerBooking = z.infer<typeof partnerBookingSchema>;

/** What a status callback reports (the `type` of the signed payload). */
export const partnerCallbackTypes = [
  'booking.accepted',
  'booking.declined',
  'booking.started',
  'booking.completed',
  'booking.cancelled',
  'booking.paid',
] as const;
export type PartnerCallbackType = (typeof partnerCallbackTypes)[number];

/** The body of a callback: `{type, timestamp, data}` as Standard Webhooks recommends. */
export const partnerCallbackSchema = z.object({
  type: z.enum(partnerCallbackTypes),
  timestamp: z.string(),
  data: partnerBookingSchema.extend({ reason: z.string().nullable() }),
});
export type PartnerCallback = z.infer<typeof partnerCallbackSchema>;
