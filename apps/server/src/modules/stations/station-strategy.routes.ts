import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  stationIdParamsSchema,
  stationStrategySchema,
  type Position,
  type StationStrategy,
} from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { stations } from '../../db/schema';
import { authOf } from '../../plugins/auth';
import { loadStationForCaller, requirePosition, type StationRow } from './station-access';

/** DESIGN §11: the owner edits the strategy flags (and role admin as support staff). */
const strategyEditors: readonly Position[] = ['owner'];

const toStrategy = (
  row: Pick<StationRow, 'enableBooking' | 'enablePayment' | 'enableRobot'>,
): StationStrategy => ({
  booking: row.enableBooking,
  payment: row.enablePayment,
  robot: row.enableRobot,
});

/**
 * The station's strategy (S2 §2, §7 `/station/strategy/{id}`): which tariff tabs it has — provider
 * bookings, in-app payment, a robot wash with fixed tariffs. Every position of the station reads it.
 */
export const stationStrategyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/station/strategy/:id',
    {
      preValidation: app.requireUser,
      schema: { params: stationIdParamsSchema, response: { 200: stationStrategySchema } },
    },
    async (request) => {
      const { station } = await loadStationForCaller(db, authOf(request), request.params.id);
      return toStrategy(station);
    },
  );

  app.post(
    '/api/station/strategy/:id',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': strategyEditors,
        params: stationIdParamsSchema,
        body: stationStrategySchema,
        response: { 200: stationStrategySchema },
      },
    },
    async (request) => {
      const access = await loadStationForCaller(db, authOf(request), request.params.id);
      requirePosition(access, strategyEditors);
      const { booking, payment, robot } = request.body;
      const [row] = await db
        .update(stations)
        .set({ enableBooking: booking, enablePayment: payment, enableRobot: robot })
        .where(eq(stations.id, access.station.id))
        .returning();
      return toStrategy(row!);
    },
  );
};
