import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientMessages,
  driverCreateResponseSchema,
  driverCreateSchema,
  driverListResponseSchema,
  driverSearchSchema,
} from '@crm/shared';
import { orderWriterPositions } from '../orders/order-access';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { conflict, forbidden } from '../../plugins/errors';
import {
  findDriverByPhone,
  insertDriver,
  listDrivers,
  loadNetworkForCaller,
  searchDrivers,
  toDriverDto,
} from './drivers.repository';

const networkParams = z.object({ networkId: z.string().min(1).max(64) });

/** Clients (drivers) of a network, S2 §7: the read calls and the create the new-order form needs. */
export const driversRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/drivers/list/:networkId',
    {
      preValidation: app.requireUser,
      schema: { params: networkParams, response: { 200: driverListResponseSchema } },
    },
    async (request) => {
      const { networkId } = await loadNetworkForCaller(db, authOf(request), request.params.networkId);
      return { drivers: await listDrivers(db, networkId) };
    },
  );

  app.post(
    '/api/drivers/search/:networkId',
    {
      preValidation: app.requireUser,
      schema: {
        params: networkParams,
        body: driverSearchSchema,
        response: { 200: driverListResponseSchema },
      },
    },
    async (request) => {
      const { networkId } = await loadNetworkForCaller(db, authOf(request), request.params.networkId);
      return { drivers: await searchDrivers(db, networkId, request.body.query) };
    },
  );

  app.post(
    '/api/drivers/create',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': orderWriterPositions,
        body: driverCreateSchema,
        response: { 200: driverCreateResponseSchema },
      },
    },
    async (request) => {
      const access = await loadNetworkForCaller(db, authOf(request), request.body.network_id);
      // Same rights as creating an order (team brief): a worker moves orders along but adds no clients.
      if (!access.isAdmin && (!access.position || access.position === 'worker')) throw forbidden();
      const { name, surname, phone, discount, cars } = request.body;
      const row = await db.transaction(async (tx) => {
        // One client per phone in a network; the lock makes two simultaneous creates of one number queue.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`drivers:${access.networkId}:${phone}`}))`,
        );
        if (await findDriverByPhone(tx, access.networkId, phone)) throw conflict(clientMessages.phoneTaken);
        return insertDriver(tx, { networkId: access.networkId, name, surname, phone, discount, cars });
      });
      return { id: row.id, driver: toDriverDto(row) };
    },
  );
};
