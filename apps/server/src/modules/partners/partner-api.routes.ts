import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  partnerAvailabilityQuerySchema,
  partnerAvailabilitySchema,
  partnerBookingCreateSchema,
  partnerBookingSchema,
  partnerCancelSchema,
  partnerMessages,
  partnerRescheduleSchema,
  type PartnerSource,
} from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../plugins/errors';
import {
  cancelPartnerBooking,
  createPartnerBooking,
  partnerAvailability,
  readPartnerBooking,
  reschedulePartnerBooking,
  type PartnerAnswer,
} from './partner-api.service';
import { partnerIdHeader, signatureHeadersOf, signedPayloadOf, verifiedByAny } from './partner-signature';
import {
  findPartner,
  logPartnerRequest,
  rememberWebhookId,
  validSecrets,
  type PartnerCaller,
} from './partners.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The partner whose signature this partner-API request carries (set by the partner plugin). */
    partner?: PartnerCaller | null;
    /** The body exactly as it came: what the signature covers. */
    partnerRawBody?: string | null;
    /** What the exchange log records of this request (no personal data). */
    partnerLog?: {
      kind: string;
      partnerOrderId?: string | null;
      stationId?: string | null;
      orderId?: string | null;
    };
  }
}

const tag = 'Partner API v1';
const partnerRateLimit = {
  rateLimit: {
    max: 600,
    timeWindow: '1 minute',
    // After the signature check (preValidation): the bucket is the partner's, not a guess of a header.
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `partner:${request.partner?.id ?? 'unknown'}`,
  },
};

/** The exchange log's kind of each partner call (the handlers add the ids once the body is valid). */
const kindOfRoute: Record<string, string> = {
  'GET /api/partner/v1/stations/:partnerStationId/availability': 'availability',
  'POST /api/partner/v1/bookings': 'booking.create',
  'GET /api/partner/v1/bookings/:partnerOrderId': 'booking.read',
  'POST /api/partner/v1/bookings/:partnerOrderId/cancel': 'booking.cancel',
  'POST /api/partner/v1/bookings/:partnerOrderId/reschedule': 'booking.reschedule',
};

const signatureInvalid = () => new AppError(401, 'SIGNATURE_INVALID', partnerMessages.signatureInvalid);

const authHeaders = z.looseObject({
  [partnerIdHeader]: z.string().meta({
    description: 'The partner id given at registration; its secret(s) must verify the signature.',
    examples: ['a0000000-0000-4000-8000-000000000001'],
  }),
  'webhook-id': z
    .string()
    .meta({ description: 'Unique per request (Standard Webhooks); a repeat is a replay.' }),
  'webhook-timestamp': z
    .string()
    .meta({ description: 'Unix seconds; within 5 minutes of the server clock.' }),
  'webhook-signature': z.string().meta({
    description:
      '`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{payload}` with the `whsec_` secret; payload = raw body, or path with query for GET.',
  }),
});

const errorAnswer = (code: string, message: string) =>
  apiErrorBodySchema.meta({ examples: [{ error: { code, message } }] });

const errors = {
  400: apiErrorBodySchema,
  401: errorAnswer('SIGNATURE_INVALID', partnerMessages.signatureInvalid),
  404: errorAnswer('NOT_FOUND', partnerMessages.stationNotConnected),
  429: errorAnswer('RATE_LIMITED', 'Слишком много запросов. Подождите немного и попробуйте снова.'),
};

const bookingExample = {
  partner_order_id: 'ya-7730012',
  partner_station_id: '100101',
  tariff_id: '0b6c3a4e-0000-4000-8000-000000000000',
  car: { brand: 'Kia', model: 'Rio', plate_number: 'А123ВС77', category: 'Compact' },
  booking_start: '2026-12-01T07:00:00.000Z',
  client: { redirection_phone: '+74950000000', ext: '123' },
  paid: true,
};

/** The answers' examples in the document (the booking as the partner sees it; no client data). */
const bookingAnswer = partnerBookingSchema.meta({
  examples: [
    {
      partner_order_id: 'ya-7730012',
      partner_station_id: '100101',
      order_number: 14268,
      status: 'Accepted',
      booking_start: '2026-12-01T07:00:00.000Z',
      booking_end: '2026-12-01T07:40:00.000Z',
      price: 1250,
      paid: true,
      reason: null,
    },
  ],
});
const availabilityAnswer = partnerAvailabilitySchema.meta({
  examples: [
    {
      partner_station_id: '100101',
      date: '2026-12-01',
      time_zone: 'Europe/Moscow',
      tariff_id: '0b6c3a4e-0000-4000-8000-000000000000',
      car_category: 'Compact',
      price: 1250,
      duration_minutes: 40,
      start_times: ['2026-12-01T05:00:00.000Z', '2026-12-01T05:30:00.000Z'],
    },
  ],
});
/**
 * The partner API (`/api/partner/v1/`, issue 36, DESIGN §9). No session: every request is signed per
 * Standard Webhooks by the partner named in `x-partner-id`; unsigned, stale, wrongly signed or replayed
 * requests are 401 before anything is read or written. A scoped JSON parser keeps the raw body for the
 * signature (the rest of the app parses JSON as before).
 */
export const partnerApiRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    request.partnerRawBody = text;
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = new AppError(400, 'VALIDATION_FAILED', 'Тело запроса не является JSON');
      done(error, undefined);
    }
  });

  app.addHook('preValidation', async (request) => {
    const partnerId = request.headers[partnerIdHeader];
    // A refusal is logged with the partner it claims to be and why; never the body or the signature.
    const refuse = (reason: string, error = signatureInvalid()) => {
      request.log.info(
        { claimedPartnerId: typeof partnerId === 'string' ? partnerId.slice(0, 64) : undefined, reason },
        'partner request refused',
      );
      return error;
    };
    const headers = signatureHeadersOf(request.headers);
    if (typeof partnerId !== 'string' || !headers) throw refuse('unsigned');
    const partner = await findPartner(db, partnerId);
    if (!partner) throw refuse('unknown partner');
    const payload = signedPayloadOf({
      method: request.method,
      url: request.url,
      rawBody: request.partnerRawBody ?? null,
    });
    if (!verifiedByAny(validSecrets(partner), payload, headers)) throw refuse('bad or stale signature');
    if (!(await rememberWebhookId(db, partner.id, headers['webhook-id']))) {
      throw refuse('replayed webhook-id', new AppError(401, 'WEBHOOK_REPLAYED', partnerMessages.replayed));
    }
    request.partner = { id: partner.id, name: partner.name, source: partner.source as PartnerSource };
    // What the call is, already here: a request refused on its body (400) is logged under its kind too.
    request.partnerLog = { kind: kindOfRoute[`${request.method} ${request.routeOptions.url}`] ?? 'unknown' };
  });

  // Every signed request is logged, its answer's status with it: the log line and the exchange row.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.partner) return payload;
    const entry = request.partnerLog ?? { kind: 'unknown' };
    request.log.info(
      {
        partnerId: request.partner.id,
        kind: entry.kind,
        partnerOrderId: entry.partnerOrderId ?? undefined,
        statusCode: reply.statusCode,
      },
      'partner request',
    );
    try {
      await logPartnerRequest(db, {
        partnerId: request.partner.id,
        kind: entry.kind,
        stationId: entry.stationId ?? null,
        partnerOrderId: entry.partnerOrderId ?? null,
        orderId: entry.orderId ?? null,
        statusCode: reply.statusCode,
      });
    } catch (error) {
      request.log.warn({ err: error }, 'partner request not logged');
    }
    return payload;
  });

  const send = (request: FastifyRequest, reply: FastifyReply, answer: PartnerAnswer) => {
    if (request.partnerLog) {
      request.partnerLog.stationId = answer.stationId ?? null;
      request.partnerLog.orderId = answer.orderId ?? null;
    }
    return reply.status(answer.status).send(answer.body);
  };
  const partnerOf = (request: FastifyRequest) => {
    if (!request.partner) throw signatureInvalid();
    return request.partner;
  };

  app.get(
    '/api/partner/v1/stations/:partnerStationId/availability',
    {
      config: partnerRateLimit,
      schema: {
        tags: [tag],
        summary: 'Free start times for a provider tariff and car category on a local date',
        headers: authHeaders,
        params: z.object({ partnerStationId: z.string().min(1).max(100) }),
        querystring: partnerAvailabilityQuerySchema,
        response: { 200: availabilityAnswer, ...errors },
      },
    },
    async (request, reply) => {
      request.partnerLog = { kind: 'availability' };
      const answer = await partnerAvailability(
        db,
        partnerOf(request),
        request.params.partnerStationId,
        request.query,
      );
      return send(request, reply, answer);
    },
  );

  app.post(
    '/api/partner/v1/bookings',
    {
      config: partnerRateLimit,
      schema: {
        tags: [tag],
        summary: 'Book (idempotent by partner_order_id)',
        description:
          'The provider tariff sets the price and the end. A duplicate answers what the first answered; the same partner_order_id with another body is 422 IDEMPOTENCY_MISMATCH; a taken time is 409 SLOT_TAKEN.',
        headers: authHeaders,
        body: partnerBookingCreateSchema.meta({ examples: [bookingExample] }),
        response: {
          201: bookingAnswer,
          409: errorAnswer('SLOT_TAKEN', 'Время занято'),
          422: errorAnswer('IDEMPOTENCY_MISMATCH', partnerMessages.idempotencyMismatch),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      request.partnerLog = { kind: 'booking.create', partnerOrderId: request.body.partner_order_id };
      return send(request, reply, await createPartnerBooking(db, partnerOf(request), request.body));
    },
  );

  const orderParams = z.object({
    partnerOrderId: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9._:-]+$/),
  });

  app.get(
    '/api/partner/v1/bookings/:partnerOrderId',
    {
      config: partnerRateLimit,
      schema: {
        tags: [tag],
        summary: 'A booking and its status',
        headers: authHeaders,
        params: orderParams,
        response: { 200: bookingAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { partnerOrderId } = request.params;
      request.partnerLog = { kind: 'booking.read', partnerOrderId };
      return send(request, reply, await readPartnerBooking(db, partnerOf(request), partnerOrderId));
    },
  );

  app.post(
    '/api/partner/v1/bookings/:partnerOrderId/cancel',
    {
      config: partnerRateLimit,
      schema: {
        tags: [tag],
        summary: 'The client cancelled (UserCanceled, «Отмены клиентом»)',
        headers: authHeaders,
        params: orderParams,
        body: partnerCancelSchema.optional(),
        response: { 200: bookingAnswer, 409: apiErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { partnerOrderId } = request.params;
      request.partnerLog = { kind: 'booking.cancel', partnerOrderId };
      const answer = await cancelPartnerBooking(db, partnerOf(request), partnerOrderId, request.body?.reason);
      return send(request, reply, answer);
    },
  );

  app.post(
    '/api/partner/v1/bookings/:partnerOrderId/reschedule',
    {
      config: partnerRateLimit,
      schema: {
        tags: [tag],
        summary: 'A new start for a booking not yet started (same minutes)',
        headers: authHeaders,
        params: orderParams,
        body: partnerRescheduleSchema,
        response: { 200: bookingAnswer, 409: apiErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { partnerOrderId } = request.params;
      request.partnerLog = { kind: 'booking.reschedule', partnerOrderId };
      const answer = await reschedulePartnerBooking(
        db,
        partnerOf(request),
        partnerOrderId,
        request.body.booking_start,
      );
      return send(request, reply, answer);
    },
  );
};
