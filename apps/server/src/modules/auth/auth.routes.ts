import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authConfigSchema, authLoginQuerySchema, authorizeBodySchema, authResponseSchema } from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { authOf, clearSessionCookie, deleteSession } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { beginSession, signInRateLimit } from './auth.session';
import {
  completeSignIn,
  defaultProvider,
  invalidRedirect,
  isAllowedRedirectUri,
  signInResponse,
  startSignIn,
} from './auth.service';
import { localProviderRoutes } from './local-provider.routes';
import { telegramRoutes } from './telegram.routes';

/** Binds a sign-in to the browser that started it: `POST /api/authorize` must bring the same state. */
export const STATE_COOKIE = 'crm_oauth_state';
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const stateCookie = {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.secureCookies,
  } as const;

  app.get(
    '/api/auth/config',
    { schema: { tags, summary: 'What the login page needs', response: { 200: authConfigSchema } } },
    async () => ({
      provider: defaultProvider(deps),
      demo: !!deps.adapters.identity.local,
      telegramBotName: deps.config.telegram.botName,
      telegramBot: !!deps.adapters.telegram,
      supportUrl: deps.config.supportUrl,
      mapTileUrl: deps.config.mapTileUrl,
      testHosts: deps.config.testHosts,
    }),
  );

  app.get(
    '/api/auth/login',
    {
      config: signInRateLimit,
      schema: {
        tags,
        summary: "Starts a sign-in: redirects to the identity provider's authorize page",
        querystring: authLoginQuerySchema,
      },
    },
    async (request, reply) => {
      const q = request.query;
      if (!isAllowedRedirectUri(q.redirect_uri, deps.config.publicUrl)) {
        throw invalidRedirect();
      }
      // A demo login or an explicit choice goes to the built-in provider; otherwise the configured one.
      const provider = q.provider ?? (q.login ? 'local' : defaultProvider(deps));
      if (provider === 'local' && !deps.adapters.identity.local) throw notFound();
      const started = await startSignIn(deps, {
        provider,
        redirectUri: q.redirect_uri,
        carwashId: q.carwash_id,
        login: q.login,
      });
      reply.setCookie(STATE_COOKIE, started.state, { ...stateCookie, maxAge: started.maxAgeSeconds });
      reply.header('Cache-Control', 'no-store');
      return reply.redirect(started.url, 302);
    },
  );

  app.post(
    '/api/authorize',
    {
      config: signInRateLimit,
      schema: {
        tags,
        summary: 'Exchanges the authorization code for a session (cookie crm_sid)',
        body: authorizeBodySchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request, reply) => {
      const cookieState = request.cookies[STATE_COOKIE];
      // The state is single-use whatever happens next.
      reply.clearCookie(STATE_COOKIE, stateCookie);
      const { userId, carwashId } = await completeSignIn(deps, request.body, cookieState, request.log);
      await beginSession(deps, request, reply, userId, 'web');
      return signInResponse(deps, userId, carwashId);
    },
  );

  app.post(
    '/api/logout',
    {
      preHandler: app.requireUser,
      schema: { tags, summary: 'Ends the session', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteSession(deps.db, authOf(request).sessionId);
      clearSessionCookie(reply, deps.config.secureCookies);
      return reply.status(204).send(null);
    },
  );

  // The built-in provider exists only while local sign-in is on; otherwise its URL is a plain 404.
  if (deps.adapters.identity.local) await app.register(localProviderRoutes, deps);
  await app.register(telegramRoutes, deps);
};
