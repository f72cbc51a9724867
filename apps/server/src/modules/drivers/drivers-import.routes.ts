import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { driverImportRequestSchema, driverImportResponseSchema } from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { orderWriterPositions } from '../orders/order-access';
import { importDrivers } from './drivers-import';
import { loadNetworkForCaller, requireClientWriter } from './drivers.repository';

/**
 * 20 000 rows of seven short cells are about 4 MB of JSON; the app's 1 MB limit stays for every other
 * call. A body over this is a 413 before any parsing.
 */
export const importBodyLimit = 8 * 1024 * 1024;

/** `POST /api/drivers/import/{networkId}` (issue 11): a spreadsheet of clients in one call. */
export const driversImportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/api/drivers/import/:networkId',
    {
      preValidation: app.requireUser,
      bodyLimit: importBodyLimit,
      schema: {
        'x-positions': orderWriterPositions,
        params: z.object({ networkId: z.string().min(1).max(64) }),
        body: driverImportRequestSchema,
        response: { 200: driverImportResponseSchema },
      },
    },
    async (request) => {
      const access = await loadNetworkForCaller(db, authOf(request), request.params.networkId);
      requireClientWriter(access);
      const { rows, dry_run } = request.body;
      return importDrivers(db, access.networkId, rows, dry_run);
    },
  );
};
