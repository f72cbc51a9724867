import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  additionalServicesSchema,
  ownTariffListResponseSchema,
  providerTariffListResponseSchema,
  tariffConfigSchema,
  type TariffKind,
} from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { authOf } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { loadStationForCaller } from '../stations/station-access';
import {
  findTariff,
  listAdditionalServices,
  listTariffs,
  toAdditionalServices,
  toTariffConfig,
} from './tariffs.repository';
import { stationParams, tariffParams } from './tariff-params';
import { priceReadableStation, tariffPriceReaderPositions, type Caller } from './tariff-access';

/** A tariff with its prices, for those who take orders or edit tariffs (a worker gets 403). */
async function tariffConfigFor(
  db: Database,
  caller: Caller,
  stationId: string,
  tariffId: string,
  kind: TariffKind,
) {
  const station = await priceReadableStation(db, caller, stationId);
  const row = await findTariff(db, station.id, tariffId, kind);
  if (!row) throw notFound();
  return toTariffConfig(row, await listAdditionalServices(db, station.id, kind));
}

async function extrasFor(db: Database, caller: Caller, stationId: string, kind: TariffKind) {
  const station = await priceReadableStation(db, caller, stationId);
  return toAdditionalServices(await listAdditionalServices(db, station.id, kind));
}

/**
 * Read side of own and provider (Yandex) tariffs (S2 §7). The static `addition_service` and
 * `yandex_addition_service` segments win over the `:tariffId` parameter in the router, so they are never
 * taken for tariff ids.
 */
export const tariffsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/own_tariffs/list/:stationId',
    {
      preValidation: app.requireUser,
      schema: { params: stationParams, response: { 200: ownTariffListResponseSchema } },
    },
    async (request) => {
      const { station } = await loadStationForCaller(db, authOf(request), request.params.stationId);
      return { prices_list: await listTariffs(db, station.id, 'own') };
    },
  );

  app.get(
    '/api/own_tariffs/price_get/:stationId/addition_service',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': tariffPriceReaderPositions,
        params: stationParams,
        response: { 200: additionalServicesSchema },
      },
    },
    async (request) => extrasFor(db, authOf(request), request.params.stationId, 'own'),
  );

  app.get(
    '/api/own_tariffs/price_get/:stationId/:tariffId',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': tariffPriceReaderPositions,
        params: tariffParams,
        response: { 200: tariffConfigSchema },
      },
    },
    async (request) =>
      tariffConfigFor(db, authOf(request), request.params.stationId, request.params.tariffId, 'own'),
  );

  app.get(
    '/api/station/tariff/:stationId',
    {
      preValidation: app.requireUser,
      schema: { params: stationParams, response: { 200: providerTariffListResponseSchema } },
    },
    async (request) => {
      const { station } = await loadStationForCaller(db, authOf(request), request.params.stationId);
      return { yatariff: await listTariffs(db, station.id, 'yandex') };
    },
  );

  app.get(
    '/api/station/tariff/:stationId/yandex_addition_service',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': tariffPriceReaderPositions,
        params: stationParams,
        response: { 200: additionalServicesSchema },
      },
    },
    async (request) => extrasFor(db, authOf(request), request.params.stationId, 'yandex'),
  );

  app.get(
    '/api/station/tariff/:stationId/:tariffId',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': tariffPriceReaderPositions,
        params: tariffParams,
        response: { 200: tariffConfigSchema },
      },
    },
    async (request) =>
      tariffConfigFor(db, authOf(request), request.params.stationId, request.params.tariffId, 'yandex'),
  );
};
