import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { migrationState } from '../../db/client';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    migrations: z.object({ applied: z.number(), known: z.number(), upToDate: z.boolean() }),
  }),
});

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/api/health', { schema: { response: { 200: healthSchema } } }, async () => {
    const migrations = await migrationState(deps.database);
    return {
      status: migrations.upToDate ? ('ok' as const) : ('degraded' as const),
      database: { kind: deps.database.kind, migrations },
    };
  });
};
