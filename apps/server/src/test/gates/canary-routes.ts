import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { stations } from '../../db/schema';
import { authOf } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { loadStationForCaller } from '../../modules/stations/station-access';

/**
 * Deliberately broken routes, one per defect the gates exist to catch. The self-check runs the gates
 * over them and expects each defect reported: a gate that cannot fail is no gate.
 */
export async function canaryRoutes(scope: FastifyInstance, db: Database) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const stationParams = z.object({ stationId: z.string() });

  // Reads a station by id with no tenancy check.
  app.get(
    '/api/canary/station/:stationId',
    { preValidation: app.requireUser, schema: { params: stationParams } },
    async (request) => {
      const [row] = await db
        .select({ name: stations.name })
        .from(stations)
        .where(eq(stations.id, request.params.stationId));
      return { name: row?.name ?? null };
    },
  );

  // Writes to any station, then answers 404 as if nothing happened.
  app.post(
    '/api/canary/rename/:stationId',
    { preValidation: app.requireUser, schema: { params: stationParams } },
    async (request) => {
      await db
        .update(stations)
        .set({ address: sql`${stations.address}` })
        .where(eq(stations.id, request.params.stationId));
      throw notFound();
    },
  );

  // Declares owners only, enforces only the tenancy.
  app.post(
    '/api/canary/owner-only/:stationId',
    { preValidation: app.requireUser, schema: { 'x-positions': ['owner'], params: stationParams } },
    async (request) => {
      await loadStationForCaller(db, authOf(request), request.params.stationId);
      return { ok: true };
    },
  );

  // Crashes on a number no one checked the size of (only an extreme value reaches this).
  app.post('/api/canary/crash', { schema: { body: z.object({ count: z.number() }) } }, async (request) => {
    if (Math.abs(request.body.count) > 1e300) throw new Error('canary overflow');
    return { ok: true };
  });

  // Answers an empty value with a plain-text error, and logs an error without failing the request.
  app.get(
    '/api/canary/text',
    { schema: { querystring: z.object({ q: z.string() }) } },
    async (request, reply) => {
      if (request.query.q === '') return reply.status(400).type('text/plain').send('bad input');
      if (request.query.q.length > 50_000) request.log.error('canary: a long query logged as an error');
      return { ok: true };
    },
  );
}
