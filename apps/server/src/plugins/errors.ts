import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorCode, issuesToFields, messages, onlineBookingMessages } from '@crm/shared';
import { isDatabaseUnavailable } from './database-unavailable';

/** A failure the client caused or may see; becomes the one error shape of DESIGN §4. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** More members of `error` a client acts on (the orders a settings change strands, issue 38). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = messages.generic.notFound) =>
  new AppError(404, 'NOT_FOUND', message);
export const forbidden = (message: string = messages.generic.forbidden) =>
  new AppError(403, 'FORBIDDEN', message);
export const unauthorized = (message: string = messages.auth.notAuthorized) =>
  new AppError(401, 'AUTH_REQUIRED', message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, code, message);
export const badRequest = (fields: Record<string, string>, message: string = messages.generic.invalidInput) =>
  new AppError(400, 'VALIDATION_FAILED', message, fields);
/** A change that lost to a concurrent one and was not applied: the client may simply try again. */
export const updateFailed = (message: string = messages.generic.updateFailed) =>
  new AppError(409, 'UPDATE_FAILED', message);

// PostgreSQL's serialization failure and deadlock: the transaction was rolled back, nothing was written.
const retryableSqlStates = new Set(['40001', '40P01']);

/** The SQLSTATE of a database error, looked up through drizzle's wrapper (`cause`). */
function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a broken
 * %-escape, a path parameter over the length limit) answers in the one error shape too, without echoing
 * the path back.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply
      .status(status)
      .send({ error: { code: 'VALIDATION_FAILED', message: messages.generic.invalidInput } });
  }
  reply.log.error({ err: error }, 'router error');
  return reply.status(500).send({ error: { code: 'INTERNAL', message: messages.generic.unexpected } });
}

/** Seconds a client is told to wait while the database cannot be reached (a restart takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

declare module 'fastify' {
  interface FastifyInstance {
    /** Calls answered 503 because the database could not be reached (`GET /metrics`). */
    databaseUnavailable: { calls: number };
  }
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  const databaseUnavailable = { calls: 0 };
  app.decorate('databaseUnavailable', databaseUnavailable);
  // While the database is down every call fails alike: one log line every 10 s, not one per call.
  let unavailableSince = 0;
  let lastUnavailableReport = 0;

  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    // The database cannot be reached (stopped, restarting, a cut connection): the call did nothing, and the
    // same call succeeds once it is back; the pool reconnects by itself (issue 41). A 503 the client and
    // a proxy may retry, never a 500.
    if (isDatabaseUnavailable(thrown)) {
      databaseUnavailable.calls++;
      unavailableSince++;
      const now = Date.now();
      if (now - lastUnavailableReport >= 10_000) {
        request.log.warn({ err: thrown, calls: unavailableSince }, 'database unavailable: answering 503');
        unavailableSince = 0;
        lastUnavailableReport = now;
      }
      return reply
        .status(503)
        .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        .header('Cache-Control', 'no-store')
        .send({ error: { code: 'NOT_READY', message: messages.generic.notReady } });
    }
    // A transaction that lost to a concurrent one was rolled back: a 409 the client may repeat, no bug.
    const sqlState = sqlStateOf(thrown);
    const error = sqlState && retryableSqlStates.has(sqlState) ? updateFailed() : thrown;
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ error: { code: error.code, message: error.message, fields: error.fields, ...error.extra } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = issuesToFields(
        error.validation.map((v) => ({
          path: (v.instancePath || '').split('/').filter(Boolean),
          message: v.message ?? messages.generic.invalidInput,
        })),
      );
      return reply
        .status(400)
        .send({ error: { code: 'VALIDATION_FAILED', message: messages.generic.invalidInput, fields } });
    }
    if (error.statusCode === 429) {
      const signIn = request.url.startsWith('/api/auth') || request.url.startsWith('/api/authorize');
      const message = signIn
        ? messages.auth.tooManyRequests
        : request.url.startsWith('/api/public/')
          ? onlineBookingMessages.rateLimited
          : messages.generic.tooManyRequests;
      return reply.status(429).send({ error: { code: 'RATE_LIMITED', message } });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, never a 500.
      return reply
        .status(error.statusCode)
        .send({ error: { code: 'VALIDATION_FAILED', message: messages.generic.invalidInput } });
    }
    // The logger's `err` serializer strips query parameters and row values (plugins/log-options.ts).
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: { code: 'INTERNAL', message: messages.generic.unexpected, requestId: request.id } });
  });
});
