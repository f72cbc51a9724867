import { formatRub } from '@crm/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdapters } from '../../adapters';
import type { BotApiStandIn } from '../../test/bot-api-stand-in';
import type { TestApp } from '../../test/test-app';
import type { ChannelSender, NotificationMessage } from '../notifications/channels';
import { createTelegramChannel, TelegramSendError } from './telegram-channel';
import { createBotTestApp, setTelegramId } from './telegram.test-support';

const orderId = '3f0c2a4e-8d1b-4c6e-9a57-0b1d2e3f4a5b';

function message(
  overrides: Partial<NotificationMessage['order']> = {},
  event: NotificationMessage['event'] = 'new_order',
): NotificationMessage {
  return {
    event,
    eventId: 1,
    station: { id: 'station-1', name: 'Мойка на Ленина' },
    order: {
      id: orderId,
      number: 4242,
      status: 'Accepted',
      source: 'Yandex',
      car: 'Toyota Camry В456ОР199',
      time: '25.11 07:55–08:25',
      box: 2,
      sum: 1200,
      awaitsDecision: true,
      ...overrides,
    },
    url: `/station/station-1/calendar?order=${orderId}`,
  };
}

describe('Telegram outbox channel', () => {
  let t: TestApp;
  let bot: BotApiStandIn;
  let channel: ChannelSender;
  beforeAll(async () => {
    ({ t, bot } = await createBotTestApp());
    channel = createTelegramChannel({
      db: t.db,
      database: t.database,
      config: t.config,
      adapters: createAdapters(t.config),
    })!;
  });
  afterAll(async () => {
    await t?.close();
    await bot?.close();
  });
  beforeEach(() => bot.reset());

  it('is off without a bot token', () => {
    const config = { ...t.config, telegram: { ...t.config.telegram, botToken: null } };
    expect(
      createTelegramChannel({ db: t.db, database: t.database, config, adapters: createAdapters(config) }),
    ).toBeNull();
  });

  it('targets the linked chats of the given users only', async () => {
    const admin = await t.loginAs('administrator');
    const worker = await t.loginAs('worker');
    const owner = await t.loginAs('owner');
    await setTelegramId(t, admin.userId, '900000001');
    await setTelegramId(t, worker.userId, null);
    const targets = await channel.targets(t.db, [admin.userId, worker.userId]);
    expect(targets).toEqual([{ userId: admin.userId, recipient: '900000001' }]);
    expect(await channel.targets(t.db, [])).toEqual([]);
    expect(await channel.targets(t.db, [owner.userId])).toEqual([]);
  });

  it('sends a Russian new-order text with «Принять» / «Отклонить» for an order awaiting a decision', async () => {
    expect(await channel.send(t.db, '900000001', message())).toBe('sent');
    const [payload] = bot.callsOf('sendMessage');
    expect(payload!.chat_id).toBe(900000001);
    expect(payload!.text).toBe(
      [
        '«Мойка на Ленина»',
        'Новая запись №4242',
        'Автомобиль: Toyota Camry В456ОР199',
        'Время: 25.11 07:55–08:25',
        'Бокс: 2',
        `Сумма: ${formatRub(1200)}`,
        'Источник: Яндекс',
        '',
        'Ждёт ответа станции.',
      ].join('\n'),
    );
    expect(payload!.reply_markup).toEqual({
      inline_keyboard: [
        [
          { text: 'Принять', callback_data: `a:${orderId}` },
          { text: 'Отклонить', callback_data: `d:${orderId}` },
        ],
      ],
    });
    const data = (payload!.reply_markup as { inline_keyboard: { callback_data: string }[][] })
      .inline_keyboard[0]!;
    for (const button of data) expect(Buffer.byteLength(button.callback_data)).toBeLessThanOrEqual(64);
  });

  it('sends no buttons when nothing awaits a decision, and says what happened', async () => {
    await channel.send(
      t.db,
      '900000001',
      message({ awaitsDecision: false, status: 'Booked', source: 'Own' }),
    );
    await channel.send(
      t.db,
      '900000001',
      message({ awaitsDecision: false, status: 'UserCanceled' }, 'client_cancel'),
    );
    await channel.send(t.db, '900000001', message({ awaitsDecision: false, status: 'Booked' }, 'order_soon'));
    const sent = bot.callsOf('sendMessage');
    expect(sent.map((p) => p.reply_markup)).toEqual([undefined, undefined, undefined]);
    expect(sent.map((p) => (p.text as string).split('\n')[1])).toEqual([
      'Новая запись №4242',
      'Запись отменена клиентом №4242',
      'Скоро начнётся запись №4242',
    ]);
    expect(sent[0]!.text).toContain('Источник: Станция');
  });

  it("adds «Открыть в CRM» with the order's address when the CRM is on https, under the decision", async () => {
    const config = { ...t.config, publicUrl: 'https://crm.example.ru' };
    const https = createTelegramChannel({
      db: t.db,
      database: t.database,
      config,
      adapters: createAdapters(config),
    })!;
    await https.send(t.db, '900000001', message());
    await https.send(t.db, '900000001', message({ awaitsDecision: false, status: 'Booked' }, 'order_soon'));
    const [decision, soon] = bot.callsOf('sendMessage');
    const open = {
      text: 'Открыть в CRM',
      url: `https://crm.example.ru/station/station-1/calendar?order=${orderId}`,
    };
    expect(decision!.reply_markup).toEqual({
      inline_keyboard: [
        [
          { text: 'Принять', callback_data: `a:${orderId}` },
          { text: 'Отклонить', callback_data: `d:${orderId}` },
        ],
        [open],
      ],
    });
    expect(soon!.reply_markup).toEqual({ inline_keyboard: [[open]] });
  });

  it('reports a chat that blocked the bot, or is gone, as gone', async () => {
    bot.failChat('900000002', 'blocked');
    expect(await channel.send(t.db, '900000002', message())).toBe('gone');
    bot.failChat('900000003', 'not_found');
    expect(await channel.send(t.db, '900000003', message())).toBe('gone');
  });

  it('throws on flood control and Telegram trouble, so the outbox retries', async () => {
    bot.failChat('900000004', { retryAfter: 7 });
    const flood = await channel.send(t.db, '900000004', message()).catch((e: unknown) => e);
    expect(flood).toBeInstanceOf(TelegramSendError);
    expect((flood as TelegramSendError).retryAfterMs).toBe(7000);
    expect((flood as Error).message).not.toContain('AAH');

    bot.failChat('900000005', 'server_error');
    await expect(channel.send(t.db, '900000005', message())).rejects.toThrow(TelegramSendError);
  });

  it('throws when the Bot API cannot be reached', async () => {
    const config = { ...t.config, telegram: { ...t.config.telegram, apiRoot: 'http://127.0.0.1:9' } };
    const offline = createTelegramChannel({
      db: t.db,
      database: t.database,
      config,
      adapters: createAdapters(config),
    })!;
    await expect(offline.send(t.db, '900000001', message())).rejects.toThrow('network failure');
  });
});
