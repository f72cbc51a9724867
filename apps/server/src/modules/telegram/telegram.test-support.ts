// Shared setup of the Telegram bot tests (not a test file itself).
import { eq } from 'drizzle-orm';
import { webhookSecretFor } from '../../adapters/telegram';
import { users } from '../../db/schema';
import { startBotApiStandIn, type BotApiStandIn } from '../../test/bot-api-stand-in';
import { createTestApp, type TestApp } from '../../test/test-app';

export const botToken = '123456789:AAHtest-token_for-the-stand-in';
export const webhookSecret = webhookSecretFor(botToken);

/** The app with a bot whose Bot API is the local stand-in: the real grammY talks to it. */
export async function createBotTestApp(): Promise<{ t: TestApp; bot: BotApiStandIn }> {
  const bot = await startBotApiStandIn(botToken);
  const t = await createTestApp({ env: { TELEGRAM_BOT_TOKEN: botToken, TELEGRAM_API_ROOT: bot.url } });
  return { t, bot };
}

let nextUpdateId = 1;
const now = () => Math.floor(Date.now() / 1000);
const person = (id: number) => ({ id, is_bot: false, first_name: 'Ирина', language_code: 'ru' });

/** A text message to the bot; a leading /command is marked as Telegram marks it. */
export function messageUpdate(fromId: number, text: string, chatType: 'private' | 'group' = 'private') {
  const command = /^\/\w+/.exec(text);
  const chat =
    chatType === 'private'
      ? { id: fromId, type: 'private', first_name: 'Ирина' }
      : { id: -1001, type: 'group', title: 'Мойка' };
  return {
    update_id: nextUpdateId++,
    message: {
      message_id: nextUpdateId,
      date: now(),
      chat,
      from: person(fromId),
      text,
      ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
    },
  };
}

/** A press of an inline button under the bot's message `text` in the presser's private chat. */
export function callbackUpdate(fromId: number, data: string, text = '«Мойка на Ленина»\nНовая запись №1') {
  return {
    update_id: nextUpdateId++,
    callback_query: {
      id: `cb${nextUpdateId}`,
      from: person(fromId),
      chat_instance: '42',
      data,
      message: { message_id: 1000, date: now(), chat: { id: fromId, type: 'private' }, text },
    },
  };
}

export function postUpdate(t: TestApp, update: object, secret: string | null = webhookSecret) {
  return t.app.inject({
    method: 'POST',
    url: '/api/telegram/webhook',
    headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
    payload: update,
  });
}

export async function telegramIdOf(t: TestApp, userId: string): Promise<string | null> {
  const [row] = await t.db.select({ telegramId: users.telegramId }).from(users).where(eq(users.id, userId));
  return row!.telegramId;
}

export async function setTelegramId(t: TestApp, userId: string, telegramId: string | null) {
  await t.db.update(users).set({ telegramId }).where(eq(users.id, userId));
}
