import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));

/** Every environment variable the server reads, parsed once (documented in README «Configuration»). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  /**
   * A PEM certificate (chain) and its key: the server then speaks HTTPS itself, with HTTP/2 for the browsers
   * that offer it (HTTP/1.1 for the rest). Both or neither.
   */
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: flag,
  COOKIE_SECRET: z.string().min(32).optional(),
  YANDEX_CLIENT_ID: z.string().optional(),
  YANDEX_CLIENT_SECRET: z.string().optional(),
  YANDEX_AUTHORIZE_URL: z.string().url().default('https://oauth.yandex.ru/authorize'),
  YANDEX_TOKEN_URL: z.string().url().default('https://oauth.yandex.ru/token'),
  YANDEX_INFO_URL: z.string().url().default('https://login.yandex.ru/info'),
  AUTH_LOCAL: flag,
  TELEGRAM_BOT_TOKEN: z.string().optional(),
  TELEGRAM_BOT_NAME: z.string().default('carwash_crm_bot'),
  /** The Bot API base URL (tests point it at a local stand-in). */
  TELEGRAM_API_ROOT: z.string().url().default('https://api.telegram.org'),
  /** Telegram's `X-Telegram-Bot-Api-Secret-Token` for the webhook; derived from the bot token when unset. */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/)
    .optional(),
  /** Web Push VAPID keys (base64url); generated at first start and kept in the database when unset. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** The VAPID `sub` claim: a mailto: or https: contact for push services. */
  VAPID_SUBJECT: z.string().optional(),
  /** Run the notification outbox (push, Telegram) in this process. */
  OUTBOX_WORKER: flag,
  GEOCODER_URL: z.string().url().optional(),
  GEOCODER_API_KEY: z.string().optional(),
  /** A DaData-compatible «find party by id» service for the INN lookup; the built-in stand-in without it. */
  LEGAL_REGISTRY_URL: z.string().url().optional(),
  LEGAL_REGISTRY_API_KEY: z.string().optional(),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  SUPPORT_URL: z.string().url().default('https://t.me/carwash_crm_support'),
  /** Comma-separated host names where anyone may open /wizard (S1 §2 test host); empty: none. */
  TEST_HOSTS: z.string().default(''),
  WEB_DIST_DIR: z.string().optional(),
  /** Hops of trusted reverse proxies whose X-Forwarded-For is believed (rate limits key on the client IP). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** API calls served at once; the next wait for a slot (0: no cap). */
  MAX_IN_FLIGHT_REQUESTS: z.coerce.number().int().min(0).default(64),
  /** How long an API call over that cap waits for a slot before it is shed with 503 (0: shed at once). */
  MAX_QUEUE_WAIT_MS: z.coerce.number().int().min(0).default(500),
  /**
   * The time (ms) an API call may take from arrival to answer: a call that would be answered later, by
   * the calls ahead of it and what each costs lately, is shed with 503 at once (0: off).
   */
  RESPONSE_DEADLINE_MS: z.coerce.number().int().min(0).default(1000),
  /** Mean event-loop delay (sampled every 0.5 s) above which API calls are shed with 503 (0: off). */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /** How long `GET /api/ready` waits for the database before answering 503. */
  READY_TIMEOUT_MS: z.coerce.number().int().min(1).default(800),
  /**
   * After SIGTERM, how long the server goes on serving (readiness already 503) before it stops listening:
   * the time a proxy or orchestrator needs to notice and send calls elsewhere.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * `GET /metrics` (Prometheus) answers only with `Authorization: Bearer <this>`; unset or empty: 404.
   * At least 16 characters (a scrape token guessed in a few tries would expose the figures).
   */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().min(16).optional()),
  /** Where `npm run backup` and the embedded server's daily backups go; default: `backups` beside DATA_DIR. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** Days the embedded server keeps its daily backups (the newest always); 0: no daily backups. */
  BACKUP_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(14),
  /** After SIGTERM, the process exits (code 1) this long later whatever still runs. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(25_000),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (!e.TLS_CERT_FILE !== !e.TLS_KEY_FILE) {
    throw new Error(
      'Invalid configuration:\n  TLS_KEY_FILE: set both TLS_CERT_FILE and TLS_KEY_FILE, or neither',
    );
  }
  const tls =
    e.TLS_CERT_FILE && e.TLS_KEY_FILE ? { certFile: e.TLS_CERT_FILE, keyFile: e.TLS_KEY_FILE } : null;
  const publicUrl = (e.PUBLIC_URL ?? `${tls ? 'https' : 'http'}://localhost:${e.PORT}`).replace(/\/$/, '');
  const yandexConfigured = !!(e.YANDEX_CLIENT_ID && e.YANDEX_CLIENT_SECRET);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    tls,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ?? true,
    cookieSecret: e.COOKIE_SECRET,
    secureCookies: publicUrl.startsWith('https://'),
    yandex: yandexConfigured
      ? {
          clientId: e.YANDEX_CLIENT_ID!,
          clientSecret: e.YANDEX_CLIENT_SECRET!,
          authorizeUrl: e.YANDEX_AUTHORIZE_URL,
          tokenUrl: e.YANDEX_TOKEN_URL,
          infoUrl: e.YANDEX_INFO_URL,
        }
      : null,
    /** Local sign-in: on when no Yandex client is configured, or forced with AUTH_LOCAL=1. */
    authLocal: e.AUTH_LOCAL ?? !yandexConfigured,
    telegram: {
      botToken: e.TELEGRAM_BOT_TOKEN ?? null,
      botName: e.TELEGRAM_BOT_NAME,
      apiRoot: e.TELEGRAM_API_ROOT.replace(/\/$/, ''),
      webhookSecret: e.TELEGRAM_WEBHOOK_SECRET ?? null,
    },
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    vapidSubject:
      e.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : 'mailto:support@carwash-crm.ru'),
    outboxWorker: e.OUTBOX_WORKER ?? true,
    geocoder: e.GEOCODER_URL ? { url: e.GEOCODER_URL, apiKey: e.GEOCODER_API_KEY ?? '' } : null,
    legalRegistry: e.LEGAL_REGISTRY_URL
      ? { url: e.LEGAL_REGISTRY_URL.replace(/\/$/, ''), apiKey: e.LEGAL_REGISTRY_API_KEY ?? '' }
      : null,
    mapTileUrl: e.MAP_TILE_URL,
    supportUrl: e.SUPPORT_URL,
    testHosts: e.TEST_HOSTS.split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    webDistDir: e.WEB_DIST_DIR,
    trustProxy: e.TRUST_PROXY,
    loadShedding: {
      // From bench:overload (README «Benchmarks»), 200 clients on the week list, 2 CPUs: at 64 in flight
      // PGlite (in its worker) served 137/s against 149/s unbounded, with p99 0.5 s against 1.5 s, and
      // PostgreSQL 127/s; 32 halved PGlite's rate, and more in flight only queues longer. The wait for a
      // slot: plugins/load-shedding.ts.
      maxInFlight: e.MAX_IN_FLIGHT_REQUESTS,
      maxQueueWaitMs: e.MAX_QUEUE_WAIT_MS,
      maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
      deadlineMs: e.RESPONSE_DEADLINE_MS,
    },
    readyTimeoutMs: e.READY_TIMEOUT_MS,
    shutdown: { delayMs: e.SHUTDOWN_DELAY_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    metricsToken: e.METRICS_TOKEN ?? null,
    backup: {
      dir: e.BACKUP_DIR ?? join(dirname(resolve(e.DATA_DIR)), 'backups'),
      retentionDays: e.BACKUP_RETENTION_DAYS,
    },
  };
}
