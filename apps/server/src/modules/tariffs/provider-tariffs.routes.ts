import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  additionalServicesSchema,
  additionalServicesUpdateSchema,
  providerPriceImportResultSchema,
  providerPriceImportSchema,
  providerTariffUpdateSchema,
  tariffConfigSchema,
} from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { importProviderPrices, updateProviderExtras, updateProviderTariff } from './provider-tariffs.service';
import { tariffEditorPositions } from './tariff-access';
import { stationParams } from './tariff-params';

/**
 * Write side of the provider (Yandex) tariffs (S2 §6, §7 «Station tariffs (provider)»): owner and
 * principal (and role admin) change prices, minutes and status, the Yandex extras, and import prices from
 * another station of the network. There is no `POST /api/station/tariff/:stationId/:tariffId`, so the
 * static `yandex_addition_service` and `import` segments can never be read as tariff ids.
 */
export const providerTariffsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/api/station/tariff/:stationId',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': tariffEditorPositions,
        params: stationParams,
        body: providerTariffUpdateSchema,
        response: { 200: tariffConfigSchema },
      },
    },
    async (request) => updateProviderTariff(db, authOf(request), request.params.stationId, request.body),
  );

  app.post(
    '/api/station/tariff/:stationId/yandex_addition_service',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': tariffEditorPositions,
        params: stationParams,
        body: additionalServicesUpdateSchema,
        response: { 200: additionalServicesSchema },
      },
    },
    async (request) => updateProviderExtras(db, authOf(request), request.params.stationId, request.body),
  );

  app.post(
    '/api/station/tariff/:stationId/import',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': tariffEditorPositions,
        params: stationParams,
        body: providerPriceImportSchema,
        response: { 200: providerPriceImportResultSchema },
      },
    },
    async (request) =>
      importProviderPrices(db, authOf(request), request.params.stationId, request.body.source_station_id),
  );
};
