import { z } from 'zod';

/** Body of `POST /api/authorize` (S1 §7, DESIGN §5). `state` is checked against the pending sign-in. */
export const authorizeBodySchema = z.object({
  grant_type: z.literal('authorization_code'),
  code: z.string().min(1).max(2048),
  redirect_uri: z.string().url().max(2048),
  state: z.string().min(1).max(256),
  code_verifier: z.string().min(43).max(128).optional(),
  carwash_id: z.string().max(64).optional(),
});
export type AuthorizeBody = z.infer<typeof authorizeBodySchema>;

export const telegramAuthBodySchema = z.object({ initData: z.string().min(1).max(4096) });

export { authTimings } from './auth-timings';

/** `GET /api/auth/config`: what the login page needs before anything else. `demo` = local sign-in is on. */
export const authConfigSchema = z.object({
  provider: z.enum(['yandex', 'local']),
  demo: z.boolean(),
  telegramBotName: z.string(),
  /** The server has a bot token: Telegram linking and notifications work (issue 14). */
  telegramBot: z.boolean().optional(),
  supportUrl: z.string(),
  mapTileUrl: z.string(),
  /** Host names where anyone may open /wizard (S1 §2 «a test host bypasses the not-wizard redirect»). */
  testHosts: z.array(z.string()).optional(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** `GET /api/auth/login`: starts a sign-in. `login` (a demo user) only reaches the local provider. */
export const authLoginQuerySchema = z.object({
  redirect_uri: z.string().url().max(2048),
  carwash_id: z.string().min(1).max(64).optional(),
  login: z.string().min(1).max(100).optional(),
  /** Picks the built-in provider when both are on (YANDEX_CLIENT_ID with AUTH_LOCAL=1). */
  provider: z.enum(['yandex', 'local']).optional(),
});

/** Telegram user ids are positive integers; they travel as strings (they exceed 2^31). */
export const telegramIdSchema = z.string().regex(/^\d{1,20}$/, 'Неверный идентификатор Telegram');
