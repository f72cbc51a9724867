import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema, messages } from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { migrationState } from '../../db/client';

const migrationsSchema = z.object({ applied: z.number(), known: z.number(), upToDate: z.boolean() });

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), migrations: migrationsSchema }),
});

const readySchema = z.object({
  status: z.literal('ok'),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), migrations: migrationsSchema }),
});

class NotReady extends Error {}

/**
 * Liveness and readiness (DESIGN §8).
 *
 * `GET /api/health` (liveness) answers from memory: the migration state as found at start, when the server
 * migrated before listening. A database query here would wait in the same queue as every other call, and a
 * probe that times out under load gets a healthy, merely busy process killed.
 *
 * `GET /api/ready` (readiness) asks the database now, with a short timeout: 503 when it cannot answer in
 * time, so a load balancer stops sending calls here until it can; and at once from SIGTERM on (draining).
 */
export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const kind = deps.database.kind;
  const atStart = await migrationState(deps.database);
  const liveness = {
    status: atStart.upToDate ? ('ok' as const) : ('degraded' as const),
    database: { kind, migrations: atStart },
  };

  app.get('/api/health', { schema: { response: { 200: healthSchema } } }, async () => liveness);

  // One check at a time: probes of a stuck database must not pile queries up behind it (a query cannot be
  // cancelled on PGlite; one that timed out keeps its place and later callers wait on it).
  let pending: Promise<number> | null = null;
  const appliedMigrations = () =>
    (pending ??= deps.db
      .execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
      .then((result) => Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0))
      .finally(() => (pending = null)));

  app.get(
    '/api/ready',
    { schema: { response: { 200: readySchema, 503: apiErrorBodySchema } } },
    async (request, reply) => {
      // SIGTERM: this instance is leaving; a proxy must send new calls elsewhere (server.ts, issue 41).
      if (app.lifecycle.draining) {
        return reply
          .code(503)
          .header('Retry-After', '1')
          .header('Cache-Control', 'no-store')
          .send({ error: { code: 'NOT_READY', message: messages.generic.shuttingDown } });
      }
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new NotReady()), deps.config.readyTimeoutMs);
      });
      try {
        const applied = await Promise.race([appliedMigrations(), timeout]);
        // Newer migrations than this code knows (a rolling deploy ahead of it) still serve this code.
        if (applied < atStart.known) throw new NotReady();
        return {
          status: 'ok' as const,
          database: {
            kind,
            migrations: { applied, known: atStart.known, upToDate: applied === atStart.known },
          },
        };
      } catch (error) {
        if (!(error instanceof NotReady)) request.log.warn({ err: error }, 'readiness: the database failed');
        return reply
          .code(503)
          .header('Retry-After', '1')
          .header('Cache-Control', 'no-store')
          .send({ error: { code: 'NOT_READY', message: messages.generic.notReady } });
      } finally {
        clearTimeout(timer);
      }
    },
  );
};
