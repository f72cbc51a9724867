import { z } from 'zod';
import { carClassSchema } from '../catalog/catalog.schema';
import {
  cancelReasons,
  orderMessages,
  normalizeOrderSource,
  orderSources,
  orderStatuses,
  orderTypes,
  paymentMethods,
  type PaymentMethod,
} from './order-status';
import { commentMaxLength, isValidAmount, isValidPlate, normalizePlate, parseSlotId } from './order-rules';
import { orderFormMessages } from './order-form-messages';
import { isoInstant, localDate } from '../time/date-fields';
import { isSafeText, textMessages } from '../text/safe-text';

export * from './order-status';
export * from './order-rules';
export * from './history';
export * from './history-export';
export * from './order-windows';
export * from './order-schedule.schema';

export const orderStatusSchema = z.enum(orderStatuses);
export const orderTypeSchema = z.enum(orderTypes);
/**
 * The sources this client knows. One it does not know (a partner added later) is read as Yandex (S1 §1) by
 * `orderSourceFromAny` and `normalizeOrderSource` where orders are read: the server's order DTO, the calendar
 * rows, the labels.
 */
export const orderSourceSchema = z.enum(orderSources);
/** Any stored source string, answered as one this client knows (S1 §1: unknown → Yandex). */
export const orderSourceFromAny = z.string().transform(normalizeOrderSource);
export const paymentMethodSchema = z.enum(paymentMethods, { error: orderMessages.paymentRequired });
export const cancelReasonSchema = z.enum(cancelReasons);

/** Client car as stored on an order (S1 §3). */
export const clientCarSchema = z.object({
  brand: z.string(),
  model: z.string(),
  plate_number: z.string(),
  body_type: z.string(),
  body_color: z.string(),
  car_class: carClassSchema.nullable(),
  category: carClassSchema.nullable(),
});
export type ClientCar = z.infer<typeof clientCarSchema>;

/** Basket as stored on an order (S1 §3). */
export const basketSchema = z.object({
  tariff_id: z.string().nullable(),
  /**
   * The tariff's name when the order was booked or last edited (issue 38): a renamed tariff leaves old orders
   * their name, as their price. Absent without a tariff (blocked slots) and on rows no migration reached.
   */
  tariff_name: z.string().optional(),
  slot_id: z.string().nullable(),
  price_element_id: z.string().nullable(),
  total_duration_minutes: z.number().int(),
  total_amount: z.number().int(),
  include_service_amount: z.number().int(),
  additional_service_amounts: z.record(z.string(), z.number().int()),
  compensation_amount: z.number().int(),
  user_need_to_pay_amount: z.number().int(),
});
export type Basket = z.infer<typeof basketSchema>;

export const orderPhoneSchema = z.object({
  redirection_phone: z.string(),
  ext: z.string().optional(),
});

/** The Order entity (S1 §3) as the API returns it. Instants are ISO-8601 UTC. */
export const orderSchema = z.object({
  id: z.string(),
  /** The short number people say and type («№ 10234»). */
  number: z.number().int(),
  status: orderStatusSchema,
  source: orderSourceSchema,
  order_type: orderTypeSchema,
  booking_start: z.string(),
  booking_end: z.string(),
  /** When work actually started / finished. */
  date_start: z.string().nullable(),
  date_end: z.string().nullable(),
  date_create: z.string(),
  station_id: z.string(),
  carwash_id: z.string(),
  network_id: z.string(),
  /** The wash box the order occupies (DESIGN §6). */
  box_number: z.number().int(),
  extended_id: z.string().nullable(),
  contract_id: z.string(),
  client_type: z.string(),
  driver_id: z.string().nullable(),
  /** Name of the client (own orders), joined from the network's drivers. */
  driver: z.object({ name: z.string(), surname: z.string(), phone: z.string() }).nullable(),
  phones: z.array(orderPhoneSchema),
  sum: z.number().int(),
  sum_completed: z.number().int(),
  /** The total was typed by staff instead of computed from the tariff («(изменено)»). */
  sum_manual: z.boolean(),
  /**
   * The client's discount (percent) applied when the order was priced, and the list price before it
   * (issue 11). Optional so answers and fixtures from before keep parsing; the server always sends both
   * (0 and `sum` when there was no discount).
   */
  discount_percent: z.number().int().optional(),
  sum_before_discount: z.number().int().optional(),
  payment_method: paymentMethodSchema,
  /** When the money was taken; revenue counts on this date (DESIGN §10). */
  paid_at: z.string().nullable(),
  comment: z.string(),
  system_comment: z.string(),
  reason: cancelReasonSchema.nullable(),
  client_car: clientCarSchema,
  basket: basketSchema,
});
export type Order = z.infer<typeof orderSchema>;

/** Car of the create/update payload (S1 §3). */
export const orderCarInputSchema = z.object({
  brand: z
    .string({ error: orderMessages.brandRequiredNew })
    .trim()
    .min(1, orderMessages.brandRequiredNew)
    .max(60),
  model: z
    .string({ error: orderMessages.modelRequiredNew })
    .trim()
    .min(1, orderMessages.modelRequiredNew)
    .max(60),
  modelId: z.string().max(100).optional(),
  class: carClassSchema,
  bodyType: z.string().max(60).optional().default(''),
  category: carClassSchema,
  plateNumber: z
    .string({ error: orderFormMessages.plateRequired })
    .transform(normalizePlate)
    .refine((plate) => plate !== '', orderFormMessages.plateRequired)
    .refine((plate) => plate === '' || isValidPlate(plate), orderMessages.plateFormat),
  bodyColor: z.string().max(40).optional().default(''),
});

/** Basket of the create/update payload, camelCase (S1 §3). Amounts are recomputed by the server. */
export const basketInputSchema = z.object({
  slotId: z
    .string()
    .refine((v) => parseSlotId(v) !== null, 'Некорректный слот')
    .optional(),
  tariffId: z.string({ error: orderMessages.tariffRequired }).min(1, orderMessages.tariffRequired),
  priceElementId: z.string().optional(),
  clientType: z.literal('Individual').optional().default('Individual'),
  totalDurationMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .optional(),
  totalAmount: z
    .number({ error: orderMessages.amountMin })
    .int()
    .min(0, orderMessages.amountMin)
    .max(999_999)
    .refine(isValidAmount, orderMessages.amountStep),
  includeServiceAmount: z.number().int().min(0).optional(),
  /** Chosen extras: service key → price (the price is recomputed from the tariff). */
  additionalServiceAmounts: z.record(z.string(), z.number().int().min(0)).optional().default({}),
});

const orderWriteFields = {
  car: orderCarInputSchema,
  bookingStart: isoInstant(orderMessages.startInvalid),
  bookingEnd: isoInstant(orderMessages.endInvalid),
  paymentMethod: paymentMethodSchema,
  comment: z.string().max(commentMaxLength, orderMessages.commentMax).optional().default(''),
  phones: z
    .array(z.object({ redirection_phone: z.string().max(20) }))
    .max(3)
    .optional()
    .default([]),
  driver_id: z.string().uuid().nullable().optional(),
  basket: basketInputSchema,
};

const startBeforeEnd = (v: { bookingStart: string; bookingEnd: string }) =>
  Date.parse(v.bookingStart) < Date.parse(v.bookingEnd);

/** `POST /api/create_order/{stationId}`. `box_number` picks a box; otherwise the server assigns one. */
export const orderCreateSchema = z
  .object({ ...orderWriteFields, box_number: z.number().int().min(1).optional() })
  .refine(startBeforeEnd, { message: orderMessages.rangeOrder, path: ['bookingEnd'] });
export type OrderCreate = z.input<typeof orderCreateSchema>;

/** `POST /api/own_order/update/{id}`. */
export const orderUpdateSchema = z
  .object(orderWriteFields)
  .refine(startBeforeEnd, { message: orderMessages.rangeOrder, path: ['bookingEnd'] });
export type OrderUpdate = z.input<typeof orderUpdateSchema>;

/**
 * `POST /api/order/list`: orders whose booking starts in [date_start, date_end) on the station's clock
 * (dates are the station's local dates; history sends the range end plus one day, S1 §9).
 *
 * The calendar sends only the three fields and gets every order of the range, oldest first. History adds
 * `history: true` (no blocked slots, no near-empty orders, newest first, `total` and `totals` in the answer)
 * and optionally search, statuses and a page: filtering and paging happen on the server (issue 4).
 */
const pageInvalid = 'Номер страницы — целое число от 1';
const pageSizeInvalid = 'Размер страницы — от 1 до 200';

export const orderListRequestSchema = z.object({
  station_id: z.string(),
  date_start: localDate(),
  /** Required by the calendar; history may leave it out: no upper bound («Всё время» holds the future). */
  date_end: localDate().optional(),
  history: z.boolean().optional(),
  /** Brand, model, plate or a status's Russian name; at most 100 characters. */
  search: z.string().trim().max(100, 'Не больше 100 символов').optional(),
  /** Only these statuses; absent or empty means every status. */
  statuses: z
    .array(z.enum(orderStatuses, { error: 'Неизвестный статус' }))
    .max(orderStatuses.length, 'Неизвестный статус')
    .optional(),
  /** 1-based page; without it every matching order is returned. */
  page: z
    .number({ error: pageInvalid })
    .int(pageInvalid)
    .min(1, pageInvalid)
    .max(100_000, pageInvalid)
    .optional(),
  page_size: z
    .number({ error: pageSizeInvalid })
    .int(pageSizeInvalid)
    .min(1, pageSizeInvalid)
    .max(200, pageSizeInvalid)
    .optional(),
});
export type OrderListRequest = z.input<typeof orderListRequestSchema>;

/** Totals of every order that matches a history query (not only the page). */
export const orderListTotalsSchema = z.object({
  count: z.number().int(),
  sum: z.number().int(),
  completed_count: z.number().int(),
  completed_sum: z.number().int(),
});
export type OrderListTotals = z.infer<typeof orderListTotalsSchema>;

export const orderListResponseSchema = z.object({
  orders: z.array(orderSchema),
  /** History only: how many orders match (for pagination). */
  total: z.number().int().optional(),
  totals: orderListTotalsSchema.optional(),
});
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

/** Page size when `page` is sent without `page_size` (S1 §9: cards). */
export const defaultHistoryPageSize = 12;

/** `GET /api/order/{id}` wrapper (S1 §3). */
export const orderDetailsResponseSchema = z.object({
  order: orderSchema,
  human_name_tariff: z.string(),
  basket_human_names: z.object({
    formated_includes: z.array(z.string()),
    formated_additional: z.array(z.string()),
  }),
  ru_services_name: z.record(z.string(), z.string()),
});
export type OrderDetailsResponse = z.infer<typeof orderDetailsResponseSchema>;

/** `GET /api/order/list/new/{stationId}` (S1 §3 «New-orders response»). */
export const newOrdersResponseSchema = z.object({
  orders_list: z.array(z.object({ order: orderSchema })),
  ru_services_name: z.record(z.string(), z.string()),
  ru_tariff_name: z.record(z.string(), z.string()),
});

/** Query of the step calls `POST /api/order_booked|order_processing|order_completed/{id}`. */
export const orderStepQuerySchema = z.object({
  skip_validation: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/**
 * `POST /api/order_canceled/{id}`: the reason as query (spec) or body. `cancel_comment` is what the
 * operator wrote beside «Другое»; staff read it later in the order's service note.
 */
export const orderCancelSchema = z.object({
  cancel_reason: cancelReasonSchema.optional(),
  cancel_comment: z
    .string()
    .trim()
    .max(commentMaxLength, orderFormMessages.cancelCommentMax)
    .refine(isSafeText, textMessages.unsafe)
    .optional(),
});

/** `POST /api/order/payment/{id}`: the «Оплата визита» tab. */
export const orderPaymentSchema = z.object({
  payment_method: paymentMethodSchema,
  sum_completed: z.number().int().min(0).max(999_999),
});

/** The methods that mean money was taken (all but `not_paid`); a non-empty tuple, as `z.enum` wants. */
export const takenPaymentMethods = paymentMethods.filter((m) => m !== 'not_paid') as [
  Exclude<PaymentMethod, 'not_paid'>,
  ...Exclude<PaymentMethod, 'not_paid'>[],
];

/**
 * Optional body of `POST /api/order_completed/{id}`: the payment taken at completion, written with the
 * status in one transaction. Money was taken, so `not_paid` and a zero amount are refused.
 */
export const orderCompletePaymentSchema = z.object({
  payment_method: z.enum(takenPaymentMethods, { error: orderMessages.paymentRequired }),
  sum_completed: z
    .number({ error: orderFormMessages.paymentAmountRequired })
    .int(orderMessages.amountStep)
    .min(1, orderFormMessages.paymentAmountRequired)
    .max(999_999)
    .refine(isValidAmount, orderMessages.amountStep),
});
export type OrderCompletePayment = z.infer<typeof orderCompletePaymentSchema>;

/**
 * An order change as PostgreSQL's NOTIFY carries it between server instances (the stream adds the orders'
 * state, `orderStreamEventSchema`). One write of one order names it in `order_id`. A request that touched
 * several orders, or deleted one (a slot blocked or unblocked), also lists them in `order_ids` (at most
 * 100). `version` is the
 * station's calendar version after the write, as in the week list's answer: a client that holds it or a
 * later one has nothing to fetch. Both fields are optional so older clients and servers still agree.
 */
export const orderEventSchema = z.object({
  type: z.enum(['order.created', 'order.changed']),
  station_id: z.string(),
  order_id: z.string(),
  status: orderStatusSchema,
  order_ids: z.array(z.string()).optional(),
  version: z.number().int().optional(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** At most this many orders' state rides in one stream event; a bigger burst is reloaded by the screens. */
export const maxCarriedOrders = 8;

/**
 * What `GET /api/events` sends as an `order` event (issue 40): the event, and in `changes` the state of
 * every order it names (`order_ids`, or `order_id` alone) read just after the write — what
 * `GET /api/order/{id}` answers, or null for an order that is gone — so that open screens apply the
 * change with no request of their own. Without `changes` (more orders than `maxCarriedOrders`, or the
 * read failed) a screen fetches what it needs, as before.
 */
export const orderStreamEventSchema = orderEventSchema.extend({
  changes: z
    .array(z.object({ order_id: z.string(), details: orderDetailsResponseSchema.nullable() }))
    .max(maxCarriedOrders)
    .optional(),
});
export type OrderStreamEvent = z.infer<typeof orderStreamEventSchema>;

/**
 * `POST /api/events/ticket`: a pass to the order events of one station for a client whose session is a
 * bearer token (the Telegram mini-app), since EventSource cannot send headers. It opens
 * `GET /api/events?station_id=…&ticket=…` of that station once, within a minute, while the session lasts.
 */
export const eventsTicketBodySchema = z.object({ station_id: z.string().min(1).max(64) });
export const eventsTicketSchema = z.object({ ticket: z.string(), expires_at: z.string() });
export type EventsTicket = z.infer<typeof eventsTicketSchema>;
