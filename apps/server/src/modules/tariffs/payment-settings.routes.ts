import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentSettingsSchema, stationIdParamsSchema, type PaymentSettings } from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { stations } from '../../db/schema';
import { authOf } from '../../plugins/auth';
import { loadStationForCaller, requirePosition, type StationRow } from '../stations/station-access';
import { orderWriterPositions } from '../orders/order-access';
import { editableStation, tariffEditorPositions } from './tariff-access';

const paymentSettingsReaders = orderWriterPositions;

const toSettings = (row: Pick<StationRow, 'paymentMin' | 'paymentStep' | 'paymentMax'>): PaymentSettings => ({
  min: row.paymentMin,
  step: row.paymentStep,
  max: row.paymentMax,
});

/**
 * Payment settings of the tariffs tab (S2 §3, §5, §7 `/station/payment-settings/{id}`): the least, step
 * and most a client may pay, in rubles. Owner, principal and administrator read them; owner and principal
 * (and role admin) save them. The S2 §5 messages come from `paymentSettingsSchema`.
 */
export const paymentSettingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/station/payment-settings/:id',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': paymentSettingsReaders,
        params: stationIdParamsSchema,
        response: { 200: paymentSettingsSchema },
      },
    },
    async (request) => {
      const access = await loadStationForCaller(db, authOf(request), request.params.id);
      requirePosition(access, paymentSettingsReaders);
      return toSettings(access.station);
    },
  );

  app.post(
    '/api/station/payment-settings/:id',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': tariffEditorPositions,
        params: stationIdParamsSchema,
        body: paymentSettingsSchema,
        response: { 200: paymentSettingsSchema },
      },
    },
    async (request) => {
      const station = await editableStation(db, authOf(request), request.params.id);
      const { min, step, max } = request.body;
      const [row] = await db
        .update(stations)
        .set({ paymentMin: min, paymentStep: step, paymentMax: max })
        .where(eq(stations.id, station.id))
        .returning();
      return toSettings(row!);
    },
  );
};
