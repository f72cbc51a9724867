import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorCode, issuesToFields, messages } from '@crm/shared';

/** A failure the client caused or may see; becomes the one error shape of DESIGN §4. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
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

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ error: { code: error.code, message: error.message, fields: error.fields } });
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
      const message = signIn ? messages.auth.tooManyRequests : messages.generic.tooManyRequests;
      return reply.status(429).send({ error: { code: 'RATE_LIMITED', message } });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, never a 500.
      return reply
        .status(error.statusCode)
        .send({ error: { code: 'VALIDATION_FAILED', message: messages.generic.invalidInput } });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: { code: 'INTERNAL', message: messages.generic.unexpected, requestId: request.id } });
  });
});
