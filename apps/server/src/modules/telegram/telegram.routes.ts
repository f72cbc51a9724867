import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

/** The Telegram bot's webhook and the one-time link codes. */
export const telegramBotRoutes: FastifyPluginAsyncZod<AppDeps> = async () => {};
