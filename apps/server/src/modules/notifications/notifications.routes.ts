import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

/** Push subscriptions and notification settings (S1 §7 /push/*, /api/notifications/*). */
export const notificationsRoutes: FastifyPluginAsyncZod<AppDeps> = async () => {};
