import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@crm/shared';
import { orderEvents, orders } from '../../db/schema';
import type { BotApiStandIn } from '../../test/bot-api-stand-in';
import type { TestApp } from '../../test/test-app';
import {
  carwashIds,
  freeStart,
  insertRawOrder,
  plus,
  stationIdByCarwash,
} from '../orders/orders.test-support';
import { botTexts } from './telegram-texts';
import { callbackUpdate, createBotTestApp, postUpdate, setTelegramId } from './telegram.test-support';

const chats = {
  administrator: 810000001,
  worker: 810000002,
  owner: 810000003,
  rival: 810000004,
  stranger: 810000009,
};

describe('Telegram bot: «Принять» / «Отклонить» buttons', () => {
  let t: TestApp;
  let bot: BotApiStandIn;
  let lenina: string;
  let slot = 0;
  const userIds: Record<string, string> = {};

  beforeAll(async () => {
    ({ t, bot } = await createBotTestApp());
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
    for (const login of ['administrator', 'worker', 'owner', 'rival'] as const) {
      userIds[login] = (await t.loginAs(login)).userId;
      await setTelegramId(t, userIds[login], String(chats[login]));
    }
  });
  afterAll(async () => {
    await t?.close();
    await bot?.close();
  });
  beforeEach(() => bot.reset());

  /** A Yandex order waiting in Accepted, as a partner would write it; each in its own half hour. */
  async function partnerOrder() {
    const start = plus(freeStart, 30 * slot++);
    const row = await insertRawOrder(t, {
      stationId: lenina,
      status: 'Accepted',
      source: 'Yandex',
      bookingStart: new Date(start),
      bookingEnd: new Date(plus(start, 30)),
    });
    return row.id;
  }
  const statusOf = async (id: string) =>
    (
      await t.db
        .select({ status: orders.status, reason: orders.reason })
        .from(orders)
        .where(eq(orders.id, id))
    )[0]!;
  const press = async (who: keyof typeof chats, data: string) => {
    const res = await postUpdate(t, callbackUpdate(chats[who], data));
    expect(res.statusCode).toBe(200);
    const answers = bot.callsOf('answerCallbackQuery');
    expect(answers).toHaveLength(1);
    return answers[0]!;
  };

  it('accepts for a linked administrator: Booked, the answer, and the message without buttons', async () => {
    const id = await partnerOrder();
    const answer = await press('administrator', `a:${id}`);
    expect(answer.text).toBe(botTexts.accepted);
    expect((await statusOf(id)).status).toBe('Booked');
    const [edit] = bot.callsOf('editMessageText');
    expect(edit).toMatchObject({ chat_id: chats.administrator, message_id: 1000 });
    expect(edit!.text).toBe('«Мойка на Ленина»\nНовая запись №1\n\n✅ Принята: Ирина Волкова');
    expect(edit!.reply_markup).toBeUndefined();

    // The audit trail names the user who pressed, once the outbox writes order events.
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    const step = events.find((e) => e.toStatus === 'Booked');
    if (step) expect(step.actorUserId).toBe(userIds.administrator);
  });

  it('declines for a linked owner: cancelled by the station with the default reason', async () => {
    const id = await partnerOrder();
    const answer = await press('owner', `d:${id}`);
    expect(answer.text).toBe(botTexts.declined);
    expect(await statusOf(id)).toEqual({ status: 'StationCanceled', reason: 'Other' });
    expect(bot.callsOf('editMessageText')[0]!.text).toMatch(/❌ Отклонена: Алексей Смирнов$/);
  });

  it('refuses a worker the decline (403 of the web) and changes nothing', async () => {
    const id = await partnerOrder();
    const answer = await press('worker', `d:${id}`);
    expect(answer).toMatchObject({ text: messages.generic.forbidden, show_alert: true });
    expect((await statusOf(id)).status).toBe('Accepted');
    expect(bot.callsOf('editMessageText')).toHaveLength(0);
  });

  it("refuses another tenant's owner pressing a forged button: «Запись не найдена», nothing changes", async () => {
    const id = await partnerOrder();
    for (const data of [`a:${id}`, `d:${id}`]) {
      bot.reset();
      const answer = await press('rival', data);
      expect(answer.text).toBe(botTexts.orderNotFound);
    }
    expect((await statusOf(id)).status).toBe('Accepted');
  });

  it('refuses an unlinked chat', async () => {
    const id = await partnerOrder();
    const answer = await press('stranger', `a:${id}`);
    expect(answer.text).toBe(botTexts.notLinked);
    expect((await statusOf(id)).status).toBe('Accepted');
  });

  it('refuses an order already answered, so an old message cannot cancel a booked car', async () => {
    const id = await partnerOrder();
    await press('administrator', `a:${id}`);
    bot.reset();
    const answer = await press('owner', `d:${id}`);
    expect(answer.text).toBe(botTexts.alreadyAnswered('Запись подтверждена'));
    expect((await statusOf(id)).status).toBe('Booked');
  });

  it('answers a malformed or unknown button without touching anything', async () => {
    for (const data of ['x:1', 'a:', `a:00000000-0000-0000-0000-000000000000`, 'a:not-a-uuid']) {
      bot.reset();
      const answer = await press('administrator', data);
      if (data.startsWith('a:') && data.length > 2) expect(answer.text).toBe(botTexts.orderNotFound);
      else expect(answer.text).toBeUndefined();
    }
  });
});
