import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

/** Slot manager (S2 §7 «Slots»): filled in by issue 13. */
export const slotsRoutes: FastifyPluginAsyncZod<AppDeps> = async () => {};
