import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { issueLocalCode, LOCAL_AUTHORIZE_PATH, LOCAL_CLIENT_ID } from '../../adapters/local-identity';
import { badRequest } from '../../plugins/errors';
import { listLocalUsers } from './auth.repository';
import { invalidRedirect, isAllowedRedirectUri } from './auth.service';
import { signInRateLimit } from './auth.session';
import { renderLocalPicker } from './local-provider.page';

/** The authorize request of the built-in provider: the same parameters Yandex ID receives. */
const localAuthorizeQuerySchema = z.object({
  response_type: z.literal('code'),
  client_id: z.string().min(1).max(100),
  redirect_uri: z.string().url().max(2048),
  state: z.string().min(1).max(256),
  // PKCE is mandatory here: a code without a challenge could be redeemed by whoever intercepts it.
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43,128}$/),
  code_challenge_method: z.literal('S256'),
  force_confirm: z.string().max(10).optional(),
  lang: z.string().max(10).optional(),
  login: z.string().min(1).max(100).optional(),
});

/** `GET /api/auth/local/authorize`: the demo provider's authorize page (DESIGN §5 «Local sign-in»). */
export const localProviderRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/api/auth/local/authorize',
    {
      config: signInRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Demo sign-in: pick a local user, or pass login= to be sent straight back with a code',
        querystring: localAuthorizeQuerySchema,
      },
    },
    async (request, reply) => {
      const q = request.query;
      if (q.client_id !== LOCAL_CLIENT_ID) throw badRequest({ client_id: 'Неизвестное приложение' });
      if (!isAllowedRedirectUri(q.redirect_uri, deps.config.publicUrl)) throw invalidRedirect();
      reply.header('Cache-Control', 'no-store');

      const [chosen] = q.login ? await listLocalUsers(deps.db, q.login) : [];
      if (chosen) {
        const code = await issueLocalCode(deps.db, {
          userId: chosen.userId,
          redirectUri: q.redirect_uri,
          codeChallenge: q.code_challenge,
        });
        const back = new URL(q.redirect_uri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.state);
        return reply.redirect(back.toString(), 302);
      }

      const { login: unknownLogin, ...params } = q;
      const hrefFor = (login: string) =>
        `${LOCAL_AUTHORIZE_PATH}?${new URLSearchParams({ ...stringParams(params), login }).toString()}`;
      const html = renderLocalPicker({
        users: await listLocalUsers(deps.db),
        hrefFor,
        unknownLogin,
      });
      return reply
        .status(unknownLogin ? 404 : 200)
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );
};

function stringParams(params: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
}
