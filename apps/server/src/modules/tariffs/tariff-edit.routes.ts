import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { stationStrategyRoutes } from '../stations/station-strategy.routes';
import { fixedTariffsRoutes } from './fixed-tariffs.routes';
import { paymentSettingsRoutes } from './payment-settings.routes';
import { providerTariffsRoutes } from './provider-tariffs.routes';

/**
 * Issue 12, provider side: Yandex tariff editing and price import, fixed tariffs, payment settings and the
 * station strategy, registered as one plugin beside the read routes of tariffs.routes.ts.
 */
export const tariffEditRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  for (const routes of [
    providerTariffsRoutes,
    fixedTariffsRoutes,
    paymentSettingsRoutes,
    stationStrategyRoutes,
  ]) {
    await app.register(routes, deps);
  }
};
