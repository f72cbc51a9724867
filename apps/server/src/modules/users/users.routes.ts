import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

export const usersRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
