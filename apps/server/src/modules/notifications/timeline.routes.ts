import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

/** An order's audit trail (GET /api/order/{id}/events). */
export const orderTimelineRoutes: FastifyPluginAsyncZod<AppDeps> = async () => {};
