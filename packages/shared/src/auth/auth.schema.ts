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

/** Constants of S1 §9. */
export const authTimings = {
  sessionDays: 30,
  logoutDebounceMs: 2000,
  loginTimeoutMs: 60_000,
  telegramMaxAgeSeconds: 24 * 60 * 60,
} as const;
