import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  geoReverseQuerySchema,
  geoReverseResponseSchema,
  geoSuggestQuerySchema,
  geoSuggestResponseSchema,
} from '@crm/shared';
import type { AppDeps } from '../../app-deps';

/**
 * Address suggestions and reverse geocoding for the station form, through the geocoder adapter (the
 * provider's key stays on the server). A provider failure is an empty answer: suggestions are a help, the
 * user can still type the address and set the point on the map.
 */
export const geoRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { adapters }) => {
  const guarded = {
    preValidation: app.requireUser,
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  };

  app.get(
    '/api/geo/suggest',
    {
      ...guarded,
      schema: { querystring: geoSuggestQuerySchema, response: { 200: geoSuggestResponseSchema } },
    },
    async (request) => {
      const { text, lang = 'ru', lat, lon } = request.query;
      const near = lat !== undefined && lon !== undefined ? { lat, lon } : undefined;
      try {
        return { results: await adapters.geocoder.suggest({ text, lang, near }) };
      } catch (error) {
        request.log.warn({ err: error }, 'geocoder suggest failed');
        return { results: [] };
      }
    },
  );

  app.get(
    '/api/geo/reverse',
    {
      ...guarded,
      schema: { querystring: geoReverseQuerySchema, response: { 200: geoReverseResponseSchema } },
    },
    async (request) => {
      const { lat, lon, lang = 'ru' } = request.query;
      try {
        return { address: await adapters.geocoder.reverse({ lat, lon }, lang) };
      } catch (error) {
        request.log.warn({ err: error }, 'geocoder reverse failed');
        return { address: null };
      }
    },
  );
};
