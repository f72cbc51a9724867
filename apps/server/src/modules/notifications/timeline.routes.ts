import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderTimelineResponseSchema } from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { loadOrderForCaller } from '../orders/order-access';
import { orderTimeline } from './timeline.repository';

const idParams = z.object({ id: z.string() });

/** An order's audit trail (GET /api/order/{id}/events). */
export const orderTimelineRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/order/:id/events',
    {
      preValidation: app.requireUser,
      schema: { params: idParams, response: { 200: orderTimelineResponseSchema } },
    },
    async (request) => {
      // The order's own access rule: other tenants' and unknown ids are the same 404.
      const { order } = await loadOrderForCaller(db, authOf(request), request.params.id);
      return { events: await orderTimeline(db, order.id) };
    },
  );
};
