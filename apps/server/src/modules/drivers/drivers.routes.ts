import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  driverCreateResponseSchema,
  driverCreateSchema,
  driverDetailsResponseSchema,
  driverListQuerySchema,
  driverListResponseSchema,
  driverResponseSchema,
  driverSearchSchema,
  driverUpdateSchema,
  driverVisitsQuerySchema,
  driverVisitsResponseSchema,
  phoneTakenBy,
} from '@crm/shared';
import { orderWriterPositions } from '../orders/order-access';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { authOf } from '../../plugins/auth';
import { conflict } from '../../plugins/errors';
import {
  findActiveByPhone,
  insertDriver,
  listDrivers,
  listDriversPage,
  loadDriverForCaller,
  loadNetworkForCaller,
  lockPhone,
  searchDrivers,
  toDriverDto,
  requireClientWriter,
  updateDriver,
} from './drivers.repository';
import { driverSummary, driverVisits } from './drivers-visits';

const networkParams = z.object({ networkId: z.string().min(1).max(64) });
const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * One client per phone among the network's active clients: under the phone's lock, a 409 naming the
 * client who has it («Клиент с таким телефоном уже есть: Иван Петров»), so the operator can find them.
 */
async function assertPhoneFree(tx: Database, networkId: string, phone: string, exceptId?: string) {
  await lockPhone(tx, networkId, phone);
  const holder = await findActiveByPhone(tx, networkId, phone, exceptId);
  if (holder) throw conflict(phoneTakenBy(holder));
}

/** Clients (drivers) of a network, S2 §7 (delete and restore are POST: DESIGN §10), issue 11. */
export const driversRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const withClient = { preValidation: app.requireUser };

  app.get(
    '/api/drivers/list/:networkId',
    {
      ...withClient,
      schema: {
        params: networkParams,
        querystring: driverListQuerySchema,
        response: { 200: driverListResponseSchema },
      },
    },
    async (request) => {
      const { networkId } = await loadNetworkForCaller(db, authOf(request), request.params.networkId);
      const query = request.query;
      const paged = Object.values(query).some((v) => v !== undefined);
      // Without parameters the spec's call: every client, no total (the order form's picker relies on it).
      if (!paged) return { drivers: await listDrivers(db, networkId) };
      return listDriversPage(db, networkId, query);
    },
  );

  app.post(
    '/api/drivers/search/:networkId',
    {
      ...withClient,
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

  app.get(
    '/api/drivers/get/:id',
    { ...withClient, schema: { params: idParams, response: { 200: driverDetailsResponseSchema } } },
    async (request) => {
      const { driver } = await loadDriverForCaller(db, authOf(request), request.params.id);
      return { driver: toDriverDto(driver), summary: await driverSummary(db, driver) };
    },
  );

  app.get(
    '/api/drivers/visits/:id',
    {
      ...withClient,
      schema: {
        params: idParams,
        querystring: driverVisitsQuerySchema,
        response: { 200: driverVisitsResponseSchema },
      },
    },
    async (request) => {
      const { driver } = await loadDriverForCaller(db, authOf(request), request.params.id);
      return driverVisits(db, driver, request.query);
    },
  );

  app.post(
    '/api/drivers/create',
    {
      ...withClient,
      schema: {
        'x-positions': orderWriterPositions,
        body: driverCreateSchema,
        response: { 200: driverCreateResponseSchema },
      },
    },
    async (request) => {
      const access = await loadNetworkForCaller(db, authOf(request), request.body.network_id);
      requireClientWriter(access);
      const { name, surname, phone, discount, cars } = request.body;
      const row = await db.transaction(async (tx) => {
        await assertPhoneFree(tx, access.networkId, phone);
        return insertDriver(tx, { networkId: access.networkId, name, surname, phone, discount, cars });
      });
      return { id: row.id, driver: toDriverDto(row) };
    },
  );

  app.post(
    '/api/drivers/update/:id',
    {
      ...withClient,
      schema: {
        'x-positions': orderWriterPositions,
        params: idParams,
        body: driverUpdateSchema,
        response: { 200: driverResponseSchema },
      },
    },
    async (request) => {
      const { driver, access } = await loadDriverForCaller(db, authOf(request), request.params.id);
      requireClientWriter(access);
      const changes = request.body;
      // Nothing sent, nothing to change (the form only sends what was edited).
      if (Object.values(changes).every((v) => v === undefined)) return { driver: toDriverDto(driver) };
      const row = await db.transaction(async (tx) => {
        // A deleted client may keep a number someone active has now; restoring is where that is refused.
        if (changes.phone && changes.phone !== driver.phone && !driver.deleted) {
          await assertPhoneFree(tx, driver.networkId, changes.phone, driver.id);
        }
        return updateDriver(tx, driver.id, changes);
      });
      return { driver: toDriverDto(row) };
    },
  );

  for (const [action, deleted] of [
    ['delete', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/api/drivers/${action}/:id`,
      {
        ...withClient,
        schema: {
          'x-positions': orderWriterPositions,
          params: idParams,
          response: { 200: driverResponseSchema },
        },
      },
      async (request) => {
        const { driver, access } = await loadDriverForCaller(db, authOf(request), request.params.id);
        requireClientWriter(access);
        if (driver.deleted === deleted) return { driver: toDriverDto(driver) };
        const row = await db.transaction(async (tx) => {
          if (!deleted) await assertPhoneFree(tx, driver.networkId, driver.phone, driver.id);
          return updateDriver(tx, driver.id, { deleted });
        });
        return { driver: toDriverDto(row) };
      },
    );
  }
};
