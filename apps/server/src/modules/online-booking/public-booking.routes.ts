import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  carCollectionResponseSchema,
  isPreviewFlag,
  publicAvailabilityQuerySchema,
  publicAvailabilitySchema,
  publicBookingCreatedSchema,
  publicBookingCreateSchema,
  publicBookingSchema,
  publicCardQuerySchema,
  publicCancelSchema,
  publicRescheduleSchema,
  publicStationCardSchema,
} from '@crm/shared';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { carCollection } from '../cars/car-collection';
import { bookingIcs } from './ics';
import {
  cancelPublicBooking,
  forgetPublicBooking,
  readPublicBooking,
  reschedulePublicBooking,
} from './public-manage.service';
import { createPublicBooking, honeypotRefusal } from './public-booking.service';
import { publicAvailability, publicStationCard } from './public-availability.service';

const tag = 'Online booking (public)';

/** Per client IP, in the shared counters (plugins/rate-limit-store.ts): the same limit on every instance. */
const perIp = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });
const readLimit = perIp(120, '1 minute');
const bookLimit = perIp(20, '10 minutes');
const manageLimit = perIp(60, '1 minute');

// The code and the token are checked by lookup, not by shape: a wrong one is the same 404 as an unknown one.
const codeParams = z.object({
  bookingCode: z
    .string()
    .min(1)
    .max(64)
    .meta({ description: 'The station’s public code', examples: ['lenina24'] }),
});
const tokenParams = z.object({
  manageToken: z
    .string()
    .min(1)
    .max(128)
    .meta({ description: 'The manage token given once at booking (43 characters, base64url)' }),
});
const errors = { 400: apiErrorBodySchema, 404: apiErrorBodySchema, 429: apiErrorBodySchema };

const bookingExample = {
  name: 'Иван',
  phone: '+79161234567',
  car: { brand: 'Kia', model: 'Rio', category: 'Compact' },
  tariff_id: '0b6c3a4e-0000-4000-8000-000000000000',
  services: ['wheels'],
  booking_start: '2026-12-01T07:00:00.000Z',
  consent: true,
};

/**
 * The session of a `?preview=1` read (the owner's preview of his page), or null. The session alone, from
 * the cookie the auth plugin reads, without `requireUser`'s X-User-Id rule: that header guards writes
 * against cross-site forms, and a preview writes nothing and answers only what the owner already reads
 * in his settings (the station's own tariffs and hours); another site cannot read the answer (no CORS).
 * Who may preview is checked against the station (public-availability.service.ts); anyone else gets the
 * driver's answer.
 */
const previewerOf = (request: FastifyRequest, flag: string | undefined) =>
  isPreviewFlag(flag) ? request.auth : null;

/**
 * The public booking page's calls (issue 37, DESIGN §9): no session, each limited per IP, every answer
 * free of staff, other bookings and internal ids. The page is `/book/{code}`; a driver manages his booking
 * at `/booking/{token}`.
 */
export const publicBookingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/public/book/:bookingCode',
    {
      config: readLimit,
      schema: {
        tags: [tag],
        summary: 'The station card: name, address, hours today, offered tariffs with prices per category',
        description:
          '`preview=1` with the session of staff who may read the station’s online-booking settings: the card as if the page were on, with `preview: true`; ignored for anyone else.',
        params: codeParams,
        querystring: publicCardQuerySchema,
        response: { 200: publicStationCardSchema, ...errors },
      },
    },
    async (request) =>
      publicStationCard(
        db,
        request.params.bookingCode,
        new Date(),
        previewerOf(request, request.query.preview),
      ),
  );

  app.get(
    '/api/public/book/:bookingCode/availability',
    {
      config: readLimit,
      schema: {
        tags: [tag],
        summary: 'Free start times of a local date for a tariff, car category and services',
        description:
          'The same availability as the slot manager and the partner API, after the minimum notice and within the days ahead. `services`: comma-separated keys. `preview=1`: as for the card (the owner’s preview of a page that is off).',
        params: codeParams,
        querystring: publicAvailabilityQuerySchema,
        response: { 200: publicAvailabilitySchema, 409: apiErrorBodySchema, ...errors },
      },
    },
    async (request) =>
      publicAvailability(
        db,
        request.params.bookingCode,
        request.query,
        new Date(),
        previewerOf(request, request.query.preview),
      ),
  );

  app.post(
    '/api/public/book/:bookingCode/bookings',
    {
      config: bookLimit,
      schema: {
        tags: [tag],
        summary: 'Book a free start time («Самозапись»)',
        description:
          'Answers the booking and its manage token (shown once). A time taken meanwhile is 409 SLOT_TAKEN «Это время уже заняли, выберите другое»; too many open bookings of the phone is 409 CONFLICT; limited per IP and per phone.',
        params: codeParams,
        body: publicBookingCreateSchema.meta({ examples: [bookingExample] }),
        response: { 201: publicBookingCreatedSchema, 409: apiErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      if (request.body.website) {
        // The honeypot: a person never fills the hidden field. Nothing is written; no personal data logged.
        request.log.info({ bookingCode: request.params.bookingCode }, 'online booking honeypot filled');
        throw honeypotRefusal();
      }
      const created = await createPublicBooking(db, request.params.bookingCode, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/public/bookings/:manageToken',
    {
      config: manageLimit,
      schema: {
        tags: [tag],
        summary: 'The driver’s booking by its manage token',
        params: tokenParams,
        response: { 200: publicBookingSchema, ...errors },
      },
    },
    async (request) => readPublicBooking(db, request.params.manageToken),
  );

  app.post(
    '/api/public/bookings/:manageToken/cancel',
    {
      config: manageLimit,
      schema: {
        tags: [tag],
        summary: 'Cancel (until start − the station’s cut-off); a repeat answers the cancelled booking',
        params: tokenParams,
        body: publicCancelSchema.optional(),
        response: { 200: publicBookingSchema, 409: apiErrorBodySchema, ...errors },
      },
    },
    async (request) => cancelPublicBooking(db, request.params.manageToken, request.body?.reason),
  );

  app.post(
    '/api/public/bookings/:manageToken/reschedule',
    {
      config: manageLimit,
      schema: {
        tags: [tag],
        summary: 'Move to another free start (same minutes; until the old start − cut-off)',
        params: tokenParams,
        body: publicRescheduleSchema,
        response: { 200: publicBookingSchema, 409: apiErrorBodySchema, ...errors },
      },
    },
    async (request) => reschedulePublicBooking(db, request.params.manageToken, request.body.booking_start),
  );

  app.post(
    '/api/public/bookings/:manageToken/forget',
    {
      config: manageLimit,
      schema: {
        tags: [tag],
        summary: 'Ask the station to remove the driver’s name and phone (152-ФЗ); the owner confirms',
        params: tokenParams,
        response: { 200: publicBookingSchema, ...errors },
      },
    },
    async (request) => forgetPublicBooking(db, request.params.manageToken),
  );

  app.get(
    '/api/public/bookings/:manageToken/calendar.ics',
    {
      config: manageLimit,
      schema: {
        tags: [tag],
        summary: 'The booking as an iCalendar event (RFC 5545)',
        params: tokenParams,
        response: { 200: z.string().meta({ description: 'text/calendar' }), ...errors },
      },
    },
    async (request, reply) => {
      const booking = await readPublicBooking(db, request.params.manageToken);
      const ics = bookingIcs(booking, `/booking/${request.params.manageToken}`);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="booking-${booking.order_number}.ics"`)
        .serializer((payload: unknown) => String(payload))
        .send(ics);
    },
  );

  // The car catalogue the staff app uses, for the page's brand and model pickers: static, cacheable.
  const cars = JSON.stringify(carCollectionResponseSchema.parse(carCollection));
  app.get(
    '/api/public/cars',
    { config: readLimit, schema: { tags: [tag], summary: 'Car brands and models with their category' } },
    async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=86400')
        .type('application/json; charset=utf-8')
        .send(cars),
  );
};
