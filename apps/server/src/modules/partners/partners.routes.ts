import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  partnerCreateSchema,
  partnerListSchema,
  partnerSchema,
  partnerSecretSchema,
  partnerUpdateSchema,
  stationIntegrationsSchema,
  stationPartnerConnectSchema,
  stationPartnerSchema,
} from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import {
  connectStationPartner,
  createPartner,
  listPartners,
  rotatePartnerSecret,
  stationIntegrations,
  updatePartner,
} from './partners.service';

const partnerParams = z.object({ partnerId: z.string().min(1).max(64) });
const stationParams = z.object({ stationId: z.string().min(1).max(64) });

/**
 * The partners' registration (system admin) and a station's connections («Интеграции», its managers).
 * The secret is answered once, with `Cache-Control: no-store` like every answer of a signed-in call.
 */
export const partnersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const signedIn = { preValidation: app.requireUser };

  app.get(
    '/api/admin/partners',
    { ...signedIn, schema: { response: { 200: partnerListSchema } } },
    async (request) => listPartners(db, authOf(request)),
  );

  app.post(
    '/api/admin/partners',
    { ...signedIn, schema: { body: partnerCreateSchema, response: { 201: partnerSecretSchema } } },
    async (request, reply) => reply.status(201).send(await createPartner(db, authOf(request), request.body)),
  );

  app.post(
    '/api/admin/partners/:partnerId',
    {
      ...signedIn,
      schema: { params: partnerParams, body: partnerUpdateSchema, response: { 200: partnerSchema } },
    },
    async (request) => updatePartner(db, authOf(request), request.params.partnerId, request.body),
  );

  app.post(
    '/api/admin/partners/:partnerId/rotate-secret',
    { ...signedIn, schema: { params: partnerParams, response: { 200: partnerSecretSchema } } },
    async (request) => rotatePartnerSecret(db, authOf(request), request.params.partnerId),
  );

  app.get(
    '/api/station/:stationId/partners',
    { ...signedIn, schema: { params: stationParams, response: { 200: stationIntegrationsSchema } } },
    async (request) => stationIntegrations(db, authOf(request), request.params.stationId),
  );

  app.post(
    '/api/station/:stationId/partners',
    {
      ...signedIn,
      schema: {
        params: stationParams,
        body: stationPartnerConnectSchema,
        response: { 200: stationPartnerSchema },
      },
    },
    async (request) => connectStationPartner(db, authOf(request), request.params.stationId, request.body),
  );
};
