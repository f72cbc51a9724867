import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { clientErrorReports, clientLogs } from '../../db/schema';
import { clientLogSchema, errorReportSchema } from './logs.schema';

/**
 * The user a report belongs to: the session's, and only when the client also names that user in
 * X-User-Id (a cross-site post riding on the cookie stays anonymous). The body's ids are never used.
 */
function reporterOf(request: FastifyRequest): string | null {
  const auth = request.auth;
  return auth && request.headers['x-user-id'] === auth.userId ? auth.userId : null;
}

/** Client error and log intake (S1 §7): open to signed-out visitors, so bounded and rate-limited per IP. */
export const logsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const intake = {
    bodyLimit: 64 * 1024,
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
  };

  app.post(
    '/api/error',
    { ...intake, schema: { body: errorReportSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const b = request.body;
      await db.insert(clientErrorReports).values({
        userId: reporterOf(request),
        code: b.code ?? null,
        apiUrl: b.api_url ?? null,
        currentUrl: b.current_url ?? null,
        requestData: b.request_data ?? null,
        responseData: b.response_data ?? null,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/logger',
    { ...intake, schema: { body: clientLogSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const b = request.body;
      await db.insert(clientLogs).values({
        userId: reporterOf(request),
        level: b.level,
        message: b.message,
        stack: b.stack ?? null,
        url: b.url ?? null,
        userAgent: b.userAgent ?? null,
        context: b.context ?? null,
        clientTimestamp: b.timestamp ?? null,
      });
      return reply.status(204).send(null);
    },
  );
};
