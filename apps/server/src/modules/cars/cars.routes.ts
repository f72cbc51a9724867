import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { carCollectionResponseSchema } from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { carCollection } from './car-collection';

/** The collection changes only with a release; a day of private caching spares the phone a big download. */
const cacheControl = 'private, max-age=86400';

export const carsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  // Serialized once: the dataset is static, so every request gets the same bytes without re-validation.
  const body = JSON.stringify(carCollectionResponseSchema.parse(carCollection));

  app.get(
    '/api/cars/collections',
    // No response schema: the body is already JSON of `carCollectionResponseSchema` (checked above).
    { preValidation: app.requireUser },
    async (_request, reply) =>
      reply.header('cache-control', cacheControl).type('application/json; charset=utf-8').send(body),
  );
};
