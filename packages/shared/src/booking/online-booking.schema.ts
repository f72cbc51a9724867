import { z } from 'zod';
import { carClassSchema } from '../catalog/catalog.schema';
import { driverPhoneSchema } from '../drivers/driver.schema';
import { isoInstant, localDate } from '../time/date-fields';
import { onlineBookingMessages as m } from './online-booking-messages';

// Online booking (issue 37): the station's own drivers book on a public page, `/book/{code}`, through the
// same availability function and exclusion constraint as the counter and the partners (DESIGN §9). The
// public calls live under `/api/public/`; the owner's settings under `/api/station/{stationId}/online-booking`.
// The public page (apps/web book.html) imports only types and the messages file from here: no zod on it.

/** A station's public code: 6–12 lower-case letters and digits, unguessable enough not to enumerate. */
export const bookingCodePattern = /^[a-z0-9]{6,12}$/;
/** The manage link's token: 256 bits, base64url (43 characters). Only its SHA-256 is stored. */
export const manageTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export const onlineBookingDefaults = {
  minNoticeMinutes: 60,
  cancelCutoffMinutes: 60,
  maxOpenPerPhone: 2,
} as const;

export const onlineBookingLimits = {
  minNoticeMinutes: { min: 0, max: 7 * 24 * 60 },
  cancelCutoffMinutes: { min: 0, max: 7 * 24 * 60 },
  maxOpenPerPhone: { min: 1, max: 10 },
  daysAhead: { min: 1, max: 90 },
} as const;

const minutes = (limits: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(limits.min, message).max(limits.max, message);

// ---- The owner's side ----

/** A driver's request, from his manage link, to remove his name and phone (152-ФЗ), for the owner to confirm. */
export const dataRemovalRequestSchema = z.object({
  id: z.string(),
  requested_at: z.string(),
  name: z.string(),
  phone: z.string(),
  order_number: z.number().int().nullable(),
});
export type DataRemovalRequest = z.infer<typeof dataRemovalRequestSchema>;

/** The personal-data operator the consent names (the station's legal details), null when not filled. */
export const publicOperatorSchema = z.object({ name: z.string(), inn: z.string(), address: z.string() });

/** `GET /api/station/{stationId}/online-booking` (owner, principal; administrator reads). */
export const onlineBookingSettingsSchema = z.object({
  /** The public code: the link is `/book/{code}`. */
  code: z.string(),
  /**
   * The page takes bookings. A flag of its own, off until the owner turns it on: the station's
   * `enable_booking` is its strategy's «Заказы из Яндекса» (S2 §2), which the public page must not switch.
   */
  enabled: z.boolean(),
  /** The phone drivers call, shown on the page (a «Позвонить» link; the only contact when booking is off). */
  phone: z.string().nullable(),
  /** The operator the consent names, from the station's legal details; null: the owner is asked to fill them. */
  operator: publicOperatorSchema.nullable(),
  /** Own tariffs offered on the page; null: every active own tariff. */
  tariff_ids: z.array(z.string()).nullable(),
  /** Additional services (`washServices` keys) offered; null: every one a tariff prices. */
  service_keys: z.array(z.string()).nullable(),
  /** How many days ahead a driver may book (`days_to_alive` of the station). */
  days_ahead: z.number().int(),
  min_notice_minutes: z.number().int(),
  cancel_cutoff_minutes: z.number().int(),
  /** `autoaccept_booking` of the station. */
  autoaccept: z.boolean(),
  max_open_per_phone: z.number().int(),
  /** Requests waiting for the owner's confirmation, newest first. */
  data_removal_requests: z.array(dataRemovalRequestSchema),
});
export type OnlineBookingSettings = z.infer<typeof onlineBookingSettingsSchema>;

/** `POST /api/station/{stationId}/online-booking` (owner, principal): any subset; `new_code` issues a new link. */
export const onlineBookingUpdateSchema = z
  .object({
    enabled: z.boolean(),
    phone: driverPhoneSchema.nullable(),
    tariff_ids: z.array(z.string().uuid(m.tariffInvalid)).max(200).nullable(),
    service_keys: z.array(z.string().min(1).max(60)).max(100).nullable(),
    days_ahead: minutes(onlineBookingLimits.daysAhead, m.daysAheadInvalid),
    min_notice_minutes: minutes(onlineBookingLimits.minNoticeMinutes, m.minNoticeInvalid),
    cancel_cutoff_minutes: minutes(onlineBookingLimits.cancelCutoffMinutes, m.cancelCutoffInvalid),
    autoaccept: z.boolean(),
    max_open_per_phone: minutes(onlineBookingLimits.maxOpenPerPhone, m.maxOpenInvalid),
    new_code: z.literal(true),
  })
  .partial()
  .strict();
export type OnlineBookingUpdate = z.infer<typeof onlineBookingUpdateSchema>;

// ---- The public page ----

/** One category's price and minutes of a tariff or service. */
const categoryPrice = z.object({ price: z.number(), duration_minutes: z.number().int() });

export const publicServiceSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** Per category the service is priced in (above zero, active). */
  prices: z.partialRecord(carClassSchema, categoryPrice),
});

export const publicTariffSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Per category the tariff is priced in. */
  prices: z.partialRecord(carClassSchema, categoryPrice),
  /** The additional services this tariff offers (and the owner offers online). */
  services: z.array(publicServiceSchema),
});
export type PublicTariff = z.infer<typeof publicTariffSchema>;

/** `GET /api/public/book/{code}`: what the page shows. No staff, no ids but the code and tariff/service keys. */
export const publicStationCardSchema = z.object({
  code: z.string(),
  name: z.string(),
  address: z.string(),
  /** A map link for the address (Yandex Maps at the station's coordinates, or a search). */
  map_url: z.string(),
  phone: z.string().nullable(),
  time_zone: z.string(),
  /** Today in the station's zone, and its hours (null: closed today). */
  today: z.string(),
  hours_today: z.object({ open: z.string(), close: z.string() }).nullable(),
  /** false: «Онлайн-запись временно недоступна» with the phone; tariffs then empty. */
  enabled: z.boolean(),
  days_ahead: z.number().int(),
  min_notice_minutes: z.number().int(),
  cancel_cutoff_minutes: z.number().int(),
  tariffs: z.array(publicTariffSchema),
  operator: publicOperatorSchema.nullable(),
  /**
   * true: the owner's preview (`?preview=1` with a staff session that may read the station's settings),
   * answered as if the page were on; a driver's page never has it.
   */
  preview: z.boolean().optional(),
});
export type PublicStationCard = z.infer<typeof publicStationCardSchema>;

/**
 * `?preview=1` of the card and availability calls: the owner sees the page as drivers would while it is
 * off. Ignored without a session that may read the station's settings; bookings never take it.
 */
const previewFlag = z
  .string()
  .max(16)
  .optional()
  .meta({
    description: '`1`: the owner’s preview (needs his session; ignored otherwise)',
    examples: ['1'],
  });
export const publicCardQuerySchema = z.object({ preview: previewFlag });
/** The flag's one reading: `1` or `true`. */
export const isPreviewFlag = (value: string | undefined) => value === '1' || value === 'true';

/** `GET /api/public/book/{code}/availability`. `services`: comma-separated keys; they lengthen the wash. */
export const publicAvailabilityQuerySchema = z.object({
  date: localDate(),
  tariff_id: z.string({ error: m.tariffRequired }).uuid(m.tariffRequired),
  car_category: carClassSchema,
  services: z.string().max(1000).optional(),
  preview: previewFlag,
});

export const publicAvailabilitySchema = z.object({
  date: z.string(),
  time_zone: z.string(),
  price: z.number(),
  duration_minutes: z.number().int(),
  start_times: z.array(z.string()),
});
export type PublicAvailability = z.infer<typeof publicAvailabilitySchema>;

const driverName = z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(60, m.nameTooLong);

/** `POST /api/public/book/{code}/bookings`. `website` is the honeypot: people leave it empty. */
export const publicBookingCreateSchema = z
  .object({
    name: driverName,
    phone: driverPhoneSchema,
    car: z
      .object({
        brand: z.string().trim().max(60).default(''),
        model: z.string().trim().max(60).default(''),
        category: carClassSchema,
      })
      .strict(),
    tariff_id: z.string({ error: m.tariffRequired }).uuid(m.tariffRequired),
    services: z.array(z.string().min(1).max(60)).max(30).default([]),
    booking_start: isoInstant(m.timeRequired),
    consent: z.literal(true, { error: m.consentRequired }),
    website: z.string().max(200).optional(),
  })
  .strict();
export type PublicBookingCreate = z.input<typeof publicBookingCreateSchema>;

/** Where a booking stands, as the driver reads it. */
export const publicBookingStates = ['waiting', 'confirmed', 'in_progress', 'done', 'cancelled'] as const;
export type PublicBookingState = (typeof publicBookingStates)[number];

/** `GET /api/public/bookings/{token}`: the driver's own booking; nothing of other bookings or staff. */
export const publicBookingSchema = z.object({
  state: z.enum(publicBookingStates),
  order_number: z.number().int(),
  station: z.object({
    code: z.string(),
    name: z.string(),
    address: z.string(),
    map_url: z.string(),
    phone: z.string().nullable(),
    time_zone: z.string(),
  }),
  booking_start: z.string(),
  booking_end: z.string(),
  tariff_id: z.string(),
  tariff_name: z.string(),
  services: z.array(z.object({ key: z.string(), name: z.string(), price: z.number() })),
  price: z.number(),
  car: z.object({ brand: z.string(), model: z.string(), category: carClassSchema }),
  name: z.string(),
  phone: z.string(),
  /** The last instant a cancel or a move is taken (start − the station's cut-off). */
  change_deadline: z.string(),
  can_change: z.boolean(),
  data_removal_requested: z.boolean(),
});
export type PublicBooking = z.infer<typeof publicBookingSchema>;

export const publicBookingCreatedSchema = z.object({
  booking: publicBookingSchema,
  /** Shown once: the page keeps it on the device and in the manage link `/booking/{token}`. */
  manage_token: z.string(),
});
export type PublicBookingCreated = z.infer<typeof publicBookingCreatedSchema>;

/** `POST /api/public/bookings/{token}/reschedule`. */
export const publicRescheduleSchema = z.object({ booking_start: isoInstant(m.timeRequired) }).strict();
/** `POST /api/public/bookings/{token}/cancel`. */
export const publicCancelSchema = z.object({ reason: z.string().trim().max(300).optional() }).strict();
