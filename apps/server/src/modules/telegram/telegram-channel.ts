import { and, inArray, isNotNull } from 'drizzle-orm';
import { GrammyError, HttpError } from 'grammy';
import type { AppDeps } from '../../app-deps';
import { users } from '../../db/schema';
import type { ChannelSender, SendOutcome } from '../notifications/channels';
import { notificationKeyboard, notificationText } from './telegram-texts';

/**
 * A failed send the outbox retries. The message is ours (method and Telegram's code), never the library's
 * text, which could one day carry the request URL and with it the bot token. `retryAfterMs` is Telegram's
 * own `retry_after` on a 429, for a back-off that respects it.
 */
export class TelegramSendError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'TelegramSendError';
  }
}

/** The recipient is gone for good: the user blocked the bot, or the chat no longer exists. */
function isGone(error: GrammyError): boolean {
  if (error.error_code === 403) return true;
  return error.error_code === 400 && /chat not found|user is deactivated/i.test(error.description);
}

/** A private chat's id is the user's Telegram id; a number keeps the request as Telegram's own clients send it. */
function chatIdOf(recipient: string): number | string {
  const id = Number(recipient);
  return /^-?\d+$/.test(recipient) && Number.isSafeInteger(id) ? id : recipient;
}

/** Telegram as an outbox channel: the linked user's private chat with the bot; null without a bot. */
export function createTelegramChannel(deps: AppDeps): ChannelSender | null {
  const telegram = deps.adapters.telegram;
  if (!telegram) return null;
  return {
    channel: 'telegram',

    async targets(db, userIds) {
      if (userIds.length === 0) return [];
      const rows = await db
        .select({ userId: users.id, telegramId: users.telegramId })
        .from(users)
        .where(and(inArray(users.id, userIds), isNotNull(users.telegramId)));
      return rows.map((r) => ({ userId: r.userId, recipient: r.telegramId! }));
    },

    async send(_db, recipient, message): Promise<SendOutcome> {
      const keyboard = notificationKeyboard(message, deps.config.publicUrl);
      try {
        await telegram.api.sendMessage(chatIdOf(recipient), notificationText(message), {
          link_preview_options: { is_disabled: true },
          ...(keyboard ? { reply_markup: keyboard } : {}),
        });
        return 'sent';
      } catch (error) {
        if (error instanceof GrammyError) {
          if (isGone(error)) return 'gone';
          const retryAfter = error.parameters.retry_after;
          throw new TelegramSendError(
            `telegram sendMessage ${error.error_code}`,
            retryAfter === undefined ? undefined : retryAfter * 1000,
          );
        }
        if (error instanceof HttpError) throw new TelegramSendError('telegram sendMessage network failure');
        throw error;
      }
    },
  };
}
