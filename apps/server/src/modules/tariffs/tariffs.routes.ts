import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

// Placeholder registered by the lead; the owning helper fills it in (issue 3).
export const tariffsRoutes: FastifyPluginAsyncZod<AppDeps> = async () => {};
