/**
 * Constants of S1 §9. A file without zod: the web's login route imports them, and importing a schema
 * module would drag zod into the first download.
 */
export const authTimings = {
  sessionDays: 30,
  logoutDebounceMs: 2000,
  loginTimeoutMs: 60_000,
  telegramMaxAgeSeconds: 24 * 60 * 60,
} as const;
