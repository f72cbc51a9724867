import type { FastifyBaseLogger } from 'fastify';
import type { Bot, Context } from 'grammy';
import type { Database } from '../../db/client';
import { decideFromTelegram } from './telegram-decision';
import { redeemTelegramLink } from './telegram-link.service';
import { botTexts, parseDecisionData } from './telegram-texts';

/** `/start <code>`: the deep link from the CRM binds this private chat to the account that asked for it. */
async function onStart(ctx: Context & { match: string }, db: Database) {
  if (ctx.chat?.type !== 'private' || !ctx.from) return ctx.reply(botTexts.privateOnly);
  const code = ctx.match.trim();
  if (!code) return ctx.reply(botTexts.howToLink);
  const linked = await redeemTelegramLink(db, code, String(ctx.from.id));
  return ctx.reply(linked ? botTexts.linked : botTexts.linkInvalid);
}

/** «Принять» / «Отклонить»: decided by the order services, then the message shows the outcome. */
async function onDecision(ctx: Context, db: Database, log: FastifyBaseLogger) {
  const query = ctx.callbackQuery!;
  const parsed = parseDecisionData(query.data ?? '');
  if (!parsed) return ctx.answerCallbackQuery();
  const outcome = await decideFromTelegram(db, String(query.from.id), parsed.decision, parsed.orderId);
  if (!outcome.ok) return ctx.answerCallbackQuery({ text: outcome.text, show_alert: true });
  await ctx.answerCallbackQuery({ text: outcome.text });
  const mark =
    parsed.decision === 'accept' ? botTexts.acceptedBy(outcome.who) : botTexts.declinedBy(outcome.who);
  const message = query.message;
  const text = message && 'text' in message ? message.text : undefined;
  try {
    // An edit without reply_markup also drops the buttons: nobody presses them again.
    if (text) await ctx.editMessageText(`${text}\n\n${mark}`);
    else await ctx.editMessageReplyMarkup();
  } catch (error) {
    // The order is already decided; a message too old to edit is only cosmetic.
    log.warn({ method: 'editMessageText', reason: (error as Error).message }, 'telegram edit failed');
  }
}

/** The bot's behaviour; the webhook route feeds it updates with `bot.handleUpdate`. */
export function installBotHandlers(bot: Bot, db: Database, log: FastifyBaseLogger): void {
  bot.command('start', (ctx) => onStart(ctx, db));
  bot.on('callback_query:data', (ctx) => onDecision(ctx, db, log));
  bot.on('message:text', (ctx) => (ctx.chat.type === 'private' ? ctx.reply(botTexts.howToLink) : undefined));
}
