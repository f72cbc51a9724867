import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Api, Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { authTimings } from '@crm/shared';

/** What a verified mini-app launch tells us (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app). */
export interface TelegramLaunch {
  /** Telegram user id, as a string: it may exceed 2^31. */
  telegramId: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  authDate: Date;
}

/** A little slack for clocks that run ahead of Telegram's. */
const futureSkewSeconds = 60;

/**
 * Verifies the raw `initData` query string of a Telegram mini-app (DESIGN §5): HMAC-SHA256 of the sorted
 * `key=value` lines without `hash`, keyed with HMAC_SHA256("WebAppData", bot token); `auth_date` younger
 * than 24 h; a `user` with an id. Returns null for anything else, so a forged launch learns nothing.
 */
export function verifyTelegramInitData(
  initData: string,
  botToken: string,
  now: Date = new Date(),
  maxAgeSeconds: number = authTimings.telegramMaxAgeSeconds,
): TelegramLaunch | null {
  const params = new URLSearchParams(initData);
  const fields = new Map<string, string>();
  for (const [key, value] of params) {
    if (fields.has(key)) return null; // A repeated key would make the signed text ambiguous.
    fields.set(key, value);
  }
  const hash = fields.get('hash');
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) return null;
  fields.delete('hash');

  const dataCheckString = [...fields.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(dataCheckString).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return null;

  const authDate = Number(fields.get('auth_date'));
  if (!Number.isInteger(authDate) || authDate <= 0) return null;
  const age = Math.floor(now.getTime() / 1000) - authDate;
  if (age >= maxAgeSeconds || age < -futureSkewSeconds) return null;

  let user: unknown;
  try {
    user = JSON.parse(fields.get('user') ?? '');
  } catch {
    return null;
  }
  if (!user || typeof user !== 'object') return null;
  const { id, first_name, last_name, username } = user as Record<string, unknown>;
  const telegramId = typeof id === 'number' || typeof id === 'string' ? String(id) : '';
  if (!/^[1-9]\d{0,19}$/.test(telegramId)) return null;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
  return {
    telegramId,
    firstName: text(first_name),
    lastName: text(last_name),
    username: text(username),
    authDate: new Date(authDate * 1000),
  };
}

export interface TelegramAdapter {
  botName: string;
  verifyInitData(initData: string): TelegramLaunch | null;
  /** The Bot API client (grammY) at config.apiRoot, for sending outside an update (the outbox channel). */
  api: Api;
  /** A new grammY bot that needs no `getMe` at start; the webhook route installs its handlers on it. */
  createBot(): Bot;
  /** Whether a webhook call carries our `X-Telegram-Bot-Api-Secret-Token` (constant time). */
  isWebhookSecret(header: string | undefined): boolean;
}

/**
 * The webhook secret when TELEGRAM_WEBHOOK_SECRET is unset: base64url of HMAC-SHA256 keyed with the bot
 * token over 'webhook' (43 characters of Telegram's allowed A-Za-z0-9_-), so only the token's holder can
 * register the webhook with it and nobody else can forge an update.
 */
export function webhookSecretFor(botToken: string): string {
  return createHmac('sha256', botToken).update('webhook').digest('base64url');
}

/** Compares digests, so neither the length nor the content of the expected secret leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (v: string) => createHash('sha256').update(v, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** What `getMe` would say, from the configuration: the bot's id is the token's number before the colon. */
function botInfoOf(botToken: string, botName: string): UserFromGetMe {
  const id = Number(botToken.split(':')[0]);
  return {
    id: Number.isSafeInteger(id) ? id : 0,
    is_bot: true,
    first_name: botName,
    username: botName,
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };
}

/** A Bot API call that hangs must not hold a webhook answer or an outbox lease for long. */
const apiTimeoutSeconds = 10;

/** Null without TELEGRAM_BOT_TOKEN: nothing can be verified, so Telegram sign-in and the bot are off. */
export function createTelegram(config: {
  botToken: string | null;
  botName: string;
  apiRoot: string;
  webhookSecret: string | null;
}): TelegramAdapter | null {
  const { botToken, botName } = config;
  if (!botToken) return null;
  const client = { apiRoot: config.apiRoot, timeoutSeconds: apiTimeoutSeconds };
  const botInfo = botInfoOf(botToken, botName);
  const secret = config.webhookSecret ?? webhookSecretFor(botToken);
  return {
    botName,
    verifyInitData: (initData) => verifyTelegramInitData(initData, botToken),
    api: new Api(botToken, client),
    createBot: () => new Bot(botToken, { client, botInfo }),
    isWebhookSecret: (header) => typeof header === 'string' && sameSecret(header, secret),
  };
}
