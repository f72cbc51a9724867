import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { findUnsafeText, textMessages } from '@crm/shared';
import { badRequest, type AppError } from './errors';

/**
 * The edge rule of DESIGN §8 for every route, present and future, without anyone having to remember it:
 * a string with NUL or an unpaired surrogate anywhere in the input (value or key, at any depth) is a 400
 * naming the field. PostgreSQL would answer 500 (NUL in text, a lone surrogate in jsonb) or silently store
 * U+FFFD instead.
 */
export function unsafeTextError(data: unknown): AppError | null {
  const path = findUnsafeText(data);
  return path ? badRequest({ [path.join('.') || '_']: textMessages.unsafe }) : null;
}

/**
 * fastify-type-provider-zod's compiler with the rule in front: every validated part (params, body,
 * querystring, headers) is checked as it arrived, before zod trims or strips anything. Validation runs
 * after `preValidation`, so a signed-out caller still gets 401 first.
 */
export const guardedValidatorCompiler: typeof validatorCompiler = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    const error = unsafeTextError(data);
    // Fastify passes an Error returned as `error` through to the error handler unchanged.
    if (error) return { error: error as never };
    return validate(data);
  };
};

type Part = 'params' | 'body' | 'querystring';
const valueOf = (request: FastifyRequest, part: Part) =>
  part === 'querystring' ? request.query : request[part];

function appendPreHandler(route: RouteOptions, hook: (request: FastifyRequest) => Promise<void>) {
  const existing = route.preHandler;
  route.preHandler =
    existing === undefined ? [hook] : Array.isArray(existing) ? [...existing, hook] : [existing, hook];
}

/**
 * The same rule for the parts a route reads without a schema: checked as the last `preHandler`, so the
 * route's own sign-in checks still answer first, and nothing unchecked ever reaches a handler.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Partial<Record<Part, unknown>> | undefined;
    const unchecked = (['params', 'body', 'querystring'] as const).filter((part) => !schema?.[part]);
    if (unchecked.length === 0) return;
    appendPreHandler(route, async (request) => {
      for (const part of unchecked) {
        const error = unsafeTextError(valueOf(request, part));
        if (error) throw error;
      }
    });
  });
});
