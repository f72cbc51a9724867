import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authResponseSchema, messages, telegramAuthBodySchema, telegramIdSchema } from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import type { TelegramLaunch } from '../../adapters/telegram';
import { AppError, notFound } from '../../plugins/errors';
import { findUserIdByTelegram } from './auth.repository';
import { authResponse, signInResponse } from './auth.service';
import { beginSession, signInRateLimit } from './auth.session';

const telegramFailed = () => new AppError(401, 'AUTH_FAILED', messages.auth.telegramFailed);
const tags = ['auth'];

/** Telegram mini-app sign-in (S1 §4 step 11, DESIGN §5): only verified initData says who the user is. */
export const telegramRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  /** Without a bot token nothing can be verified, so every launch is refused. */
  function verify(initData: string | undefined): TelegramLaunch {
    const launch = initData ? deps.adapters.telegram?.verifyInitData(initData) : null;
    if (!launch) throw telegramFailed();
    return launch;
  }

  async function userOf(launch: TelegramLaunch): Promise<string> {
    const userId = await findUserIdByTelegram(deps.db, launch.telegramId);
    if (!userId) throw notFound(messages.auth.telegramUserNotFound);
    return userId;
  }

  app.post(
    '/api/auth/telegram',
    {
      config: signInRateLimit,
      schema: {
        tags,
        summary: 'Exchanges verified Telegram initData for a session; the token is for a Bearer header',
        body: telegramAuthBodySchema,
        response: { 200: authResponseSchema.required({ token: true }) },
      },
    },
    async (request, reply) => {
      const userId = await userOf(verify(request.body.initData));
      // Telegram's web client may block the cookie in its iframe, hence the token in the body too.
      const token = await beginSession(deps, request, reply, userId, 'telegram');
      return { ...(await signInResponse(deps, userId, null)), token };
    },
  );

  app.get(
    '/api/user/tg/:telegramId',
    {
      config: signInRateLimit,
      schema: {
        tags,
        summary: 'The user of a Telegram launch; needs X-Telegram-Init-Data for that very id (no session)',
        params: z.object({ telegramId: telegramIdSchema }),
        headers: z.object({ 'x-telegram-init-data': z.string().max(4096).optional() }),
        response: { 200: authResponseSchema.omit({ token: true }) },
      },
    },
    async (request) => {
      const launch = verify(request.headers['x-telegram-init-data']);
      // An id alone is no secret (DESIGN §7): the signed launch must be that user's.
      if (launch.telegramId !== request.params.telegramId) throw telegramFailed();
      return authResponse(deps, await userOf(launch), null);
    },
  );
};
