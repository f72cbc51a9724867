import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarQuerySchema, calendarResponseSchema, positions } from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { calendarWeek } from './calendar.service';

/**
 * The browser keeps the week (its private cache, never a shared one) and asks each time whether it is
 * still current: fetch() then gets the kept body on a 304 without the script seeing the difference.
 */
const cacheControl = 'private, no-cache';

/** `GET /api/order/calendar` (issue 15): the calendar's lean week list with a weak ETag. */
export const calendarRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/order/calendar',
    {
      preValidation: app.requireUser,
      schema: {
        // Every position reads the calendar (a worker too); only the network's members and role admin.
        'x-positions': positions,
        querystring: calendarQuerySchema,
        // 304: the caller's copy (`If-None-Match`) is current; no body.
        response: { 200: calendarResponseSchema, 304: z.null() },
      },
    },
    async (request, reply) => {
      const week = await calendarWeek(db, authOf(request), request.query, request.headers['if-none-match']);
      reply.header('etag', week.etag).header('cache-control', cacheControl);
      if (week.notModified) return reply.code(304).send(null);
      return week.body;
    },
  );
};
