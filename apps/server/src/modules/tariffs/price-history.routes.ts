import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { priceHistorySchema } from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { priceHistoryPositions, tariffHistory } from './own-tariffs.service';

/**
 * `GET /api/tariff_history/{stationId}/{tariffKey}`: who changed which price, duration or status of a
 * tariff (a tariff id) or of the additional services ('addition_service', 'yandex_addition_service').
 */
export const priceHistoryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/tariff_history/:stationId/:tariffKey',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': priceHistoryPositions,
        params: z.object({ stationId: z.string().min(1).max(64), tariffKey: z.string().min(1).max(64) }),
        response: { 200: priceHistorySchema },
      },
    },
    async (request) => tariffHistory(db, authOf(request), request.params.stationId, request.params.tariffKey),
  );
};
