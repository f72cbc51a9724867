import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Update } from 'grammy/types';
import { notificationMessages, successResponseSchema, telegramLinkResponseSchema } from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { AppError, conflict, notFound } from '../../plugins/errors';
import { installBotHandlers } from './telegram-bot';
import { createTelegramLink, unlinkTelegram } from './telegram-link.service';
import { createUpdateDeduper } from './update-dedupe';

const tags = ['telegram'];
const secretHeader = 'x-telegram-bot-api-secret-token';

/**
 * Telegram waits for the answer and re-sends an update it thinks failed: past this, the update is answered
 * while its handling goes on, so a slow Bot API call never turns into a duplicate update.
 */
const webhookAnswerMs = 5_000;

/** Loose on purpose: Telegram adds update kinds over time, and grammY reads what it knows. */
const telegramUpdateSchema = z.looseObject({ update_id: z.number().int().nonnegative() });

/** The Telegram bot's webhook and the one-time link codes (DESIGN §5, issue 14). */
export const telegramBotRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, adapters }) => {
  const telegram = adapters.telegram;
  const bot = telegram?.createBot() ?? null;
  if (bot) installBotHandlers(bot, db, app.log);
  const updates = createUpdateDeduper();

  app.post(
    '/api/telegram/webhook',
    {
      // Before the body is even parsed: without the secret a caller learns nothing, not even a field name.
      onRequest: async (request) => {
        if (!telegram) throw notFound();
        const given = request.headers[secretHeader];
        if (!telegram.isWebhookSecret(typeof given === 'string' ? given : undefined)) {
          throw new AppError(401, 'AUTH_FAILED', notificationMessages.webhookSecret);
        }
      },
      schema: {
        tags,
        summary: "Telegram's webhook; needs X-Telegram-Bot-Api-Secret-Token (setWebhook's secret_token)",
        headers: z.object({ [secretHeader]: z.string().max(256).optional() }),
        body: telegramUpdateSchema,
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async (request) => {
      if (!bot) throw notFound();
      const log = request.log;
      // Telegram re-sends an update it thinks failed: the same update_id is answered and not handled again.
      if (updates.isRepeat(request.body.update_id)) {
        log.info({ updateId: request.body.update_id }, 'telegram update seen before, ignored');
        return { ok: true };
      }
      const handled = bot.handleUpdate(request.body as unknown as Update).catch((error: unknown) => {
        // An update we cannot handle is answered all the same: Telegram would only send it again.
        const reason = error instanceof Error ? error.message : String(error);
        log.warn({ updateId: request.body.update_id, reason }, 'telegram update failed');
      });
      let timer: NodeJS.Timeout | undefined;
      const patience = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, webhookAnswerMs);
      });
      await Promise.race([handled, patience]);
      clearTimeout(timer);
      return { ok: true };
    },
  );

  const signedIn = { preValidation: app.requireUser };

  app.post(
    '/api/telegram/link',
    {
      ...signedIn,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'A one-time deep link to the bot that links the chat to the signed-in user',
        response: { 200: telegramLinkResponseSchema },
      },
    },
    async (request, reply) => {
      if (!telegram) throw conflict(notificationMessages.telegramNotConfigured);
      // The link is a one-time credential: no cache may keep it.
      reply.header('Cache-Control', 'no-store');
      return createTelegramLink(db, authOf(request).userId, telegram.botName);
    },
  );

  app.post(
    '/api/telegram/unlink',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Unlinks the signed-in user's Telegram chat: no more notifications there",
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await unlinkTelegram(db, authOf(request).userId);
      return { success: true };
    },
  );
};
