import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  additionalServicesSchema,
  additionalServicesUpdateSchema,
  ownTariffCreatedSchema,
  ownTariffCreateSchema,
  ownTariffInitSchema,
  ownTariffPricesSchema,
  ownTariffUpdateSchema,
  tariffConfigSchema,
} from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import {
  createOwnTariff,
  deleteOwnTariff,
  ownTariffInit,
  updateOwnExtras,
  updateOwnTariff,
  updateOwnTariffPrices,
} from './own-tariffs.service';
import { priceHistoryRoutes } from './price-history.routes';
import { tariffEditorPositions } from './tariff-access';
import { stationParams, tariffParams } from './tariff-params';

const initQuery = z.object({ tariff_id: z.string().max(64).optional() });

/**
 * The write side of own tariffs and their additional services (S2 §7 «Own tariffs», issue 12), and the
 * price history. Owners and principals (and role admin) edit; every change is a POST in one transaction.
 * The delete is last: the gates send the owner's valid request, and a deleted tariff would leave the routes
 * after it nothing to work on.
 */
export const ownTariffsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const editor = { preValidation: app.requireUser };

  app.get(
    '/api/own_tariffs/update_tariff/:stationId',
    {
      ...editor,
      schema: {
        'x-positions': tariffEditorPositions,
        params: stationParams,
        querystring: initQuery,
        response: { 200: ownTariffInitSchema },
      },
    },
    async (request) => ownTariffInit(db, authOf(request), request.params.stationId, request.query.tariff_id),
  );

  app.post(
    '/api/own_tariffs/create/:stationId',
    {
      ...editor,
      schema: {
        'x-positions': tariffEditorPositions,
        params: stationParams,
        body: ownTariffCreateSchema,
        response: { 200: ownTariffCreatedSchema },
      },
    },
    async (request) => createOwnTariff(db, authOf(request), request.params.stationId, request.body),
  );

  app.post(
    '/api/own_tariffs/update_tariff/:stationId/:tariffId',
    {
      ...editor,
      schema: {
        'x-positions': tariffEditorPositions,
        params: tariffParams,
        body: ownTariffUpdateSchema,
        response: { 200: tariffConfigSchema },
      },
    },
    async (request) =>
      updateOwnTariff(db, authOf(request), request.params.stationId, request.params.tariffId, request.body),
  );

  app.post(
    '/api/own_tariffs/price_update/update_includes/:stationId/:tariffId',
    {
      ...editor,
      schema: {
        'x-positions': tariffEditorPositions,
        params: tariffParams,
        body: ownTariffPricesSchema,
        response: { 200: tariffConfigSchema },
      },
    },
    async (request) =>
      updateOwnTariffPrices(
        db,
        authOf(request),
        request.params.stationId,
        request.params.tariffId,
        request.body,
      ),
  );

  app.post(
    '/api/own_tariffs/price_update/update_extra/:stationId',
    {
      ...editor,
      schema: {
        'x-positions': tariffEditorPositions,
        params: stationParams,
        body: additionalServicesUpdateSchema,
        response: { 200: additionalServicesSchema },
      },
    },
    async (request) => updateOwnExtras(db, authOf(request), request.params.stationId, request.body),
  );

  await app.register(priceHistoryRoutes, deps);

  app.post(
    '/api/own_tariffs/delete_tariff/:tariffId',
    {
      ...editor,
      schema: {
        'x-positions': tariffEditorPositions,
        params: z.object({ tariffId: z.string().min(1).max(64) }),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteOwnTariff(db, authOf(request), request.params.tariffId);
      return { ok: true as const };
    },
  );
};
