import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankLookupBodySchema,
  bankLookupResponseSchema,
  legalInfoResponseSchema,
  legalInfoShape,
  legalLookupBodySchema,
  legalLookupResponseSchema,
  legalSaveBodySchema,
  managerPositions,
  stationIdParamsSchema,
} from '@crm/shared';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { getLegalInfo, lookUpBank, lookUpLegalInfo, saveLegalInfo } from './legal.service';

const stationIdParams = z.object({ stationId: stationIdParamsSchema.shape.id });

/**
 * `legalSaveBodySchema` with the form's rules left to the service: they come back keyed by the form's
 * own field paths ('bankAccount.account'), not by the body's ('legal_info.bankAccount.account').
 */
const saveBody = z.object({
  legal_info: legalInfoShape,
  carwash_id: legalSaveBodySchema.shape.carwash_id,
});

/** Legal info (S2 §7 «Legal»): the INN and БИК lookups, saving a station's details and reading them back. */
export const legalRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, adapters }) => {
  app.post(
    '/api/legal/get_legal_data',
    {
      preValidation: app.requireUser,
      // Each lookup is a call to a paid registry: a session must not be able to drain its quota.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        'x-positions': managerPositions,
        body: legalLookupBodySchema,
        response: { 200: legalLookupResponseSchema },
      },
    },
    async (request) =>
      lookUpLegalInfo(db, adapters.legalRegistry, authOf(request), request.body.inn, request.log),
  );

  app.post(
    '/api/legal/get_bank_data',
    {
      preValidation: app.requireUser,
      // The same paid directory as the INN lookup: the same cap per session.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        'x-positions': managerPositions,
        body: bankLookupBodySchema,
        response: { 200: bankLookupResponseSchema },
      },
    },
    async (request) => lookUpBank(db, adapters.legalRegistry, authOf(request), request.body.bik, request.log),
  );

  app.post(
    '/api/legal/save_legal_data',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': managerPositions,
        body: saveBody,
        response: { 200: legalInfoResponseSchema },
      },
    },
    async (request) => saveLegalInfo(db, authOf(request), request.body.carwash_id, request.body.legal_info),
  );

  app.get(
    '/api/legal/get_by_station_id/:stationId',
    {
      preValidation: app.requireUser,
      schema: {
        // The company's bank details are for those who sign for it, not for the staff on shift.
        'x-positions': managerPositions,
        params: stationIdParams,
        response: { 200: legalInfoResponseSchema },
      },
    },
    async (request) => getLegalInfo(db, authOf(request), request.params.stationId),
  );
};
