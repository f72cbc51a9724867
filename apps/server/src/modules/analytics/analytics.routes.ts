import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analyticsQuerySchema,
  figuresPositions,
  ratingQuerySchema,
  stationAnalyticsSchema,
  stationRatingResponseSchema,
  stationsTodaySchema,
} from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { stationAnalytics, stationRating, stationsTodayFigures } from './analytics.service';

const idParams = z.object({ id: z.string() });

/** Dashboard figures (S1 §2 «Dashboard», §3 «Station rating», §7) and /home's today figures. */
export const analyticsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/station/rating/:id',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': figuresPositions,
        params: idParams,
        querystring: ratingQuerySchema,
        response: { 200: stationRatingResponseSchema },
      },
    },
    async (request) => ({
      rating: await stationRating(db, authOf(request), request.params.id, request.query),
    }),
  );

  app.get(
    '/api/station/analytics/:id',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': figuresPositions,
        params: idParams,
        querystring: analyticsQuerySchema,
        response: { 200: stationAnalyticsSchema },
      },
    },
    async (request) => stationAnalytics(db, authOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/stations/today',
    { preValidation: app.requireUser, schema: { response: { 200: stationsTodaySchema } } },
    async (request) => stationsTodayFigures(db, authOf(request)),
  );
};
