import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

/** Legal info (S2 §7 «Legal»): filled in by issue 13. */
export const legalRoutes: FastifyPluginAsyncZod<AppDeps> = async () => {};
