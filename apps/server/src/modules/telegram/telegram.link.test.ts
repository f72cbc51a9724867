import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationMessages, type TelegramLink } from '@crm/shared';
import { telegramLinkCodes } from '../../db/schema';
import type { BotApiStandIn } from '../../test/bot-api-stand-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectSignInRequired } from '../users/test-guards';
import { hashSecret } from '../../secrets';
import { botTexts } from './telegram-texts';
import {
  createBotTestApp,
  messageUpdate,
  postUpdate,
  setTelegramId,
  telegramIdOf,
} from './telegram.test-support';

const codeOf = (link: TelegramLink) => new URL(link.url).searchParams.get('start')!;

describe('Telegram bot: webhook and linking', () => {
  let t: TestApp;
  let bot: BotApiStandIn;
  beforeAll(async () => {
    ({ t, bot } = await createBotTestApp());
  });
  afterAll(async () => {
    await t?.close();
    await bot?.close();
  });
  beforeEach(() => bot.reset());

  async function link(login: string): Promise<{ userId: string; link: TelegramLink }> {
    const who = await t.loginAs(login);
    const res = await t.app.inject({ method: 'POST', url: '/api/telegram/link', headers: who.headers });
    expect(res.statusCode).toBe(200);
    return { userId: who.userId, link: res.json() as TelegramLink };
  }
  const repliesTo = (chatId: number) =>
    bot
      .callsOf('sendMessage')
      .filter((p) => p.chat_id === chatId)
      .map((p) => p.text);

  describe('POST /api/telegram/webhook', () => {
    it('refuses a missing or wrong secret with 401 in the error shape, and handles nothing', async () => {
      for (const secret of [null, 'wrong-secret-0123456789', '']) {
        const res = await postUpdate(t, messageUpdate(501, '/start'), secret);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          error: { code: 'AUTH_FAILED', message: notificationMessages.webhookSecret },
        });
      }
      // Even a body that is not JSON is refused for the secret, before any parsing.
      const raw = await t.app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      });
      expect(raw.statusCode).toBe(401);
      expect(bot.calls).toHaveLength(0);
    });

    it('answers 400 to a body that is no update, and 200 to updates it cannot use', async () => {
      expect((await postUpdate(t, { message: {} })).statusCode).toBe(400);
      expect((await postUpdate(t, { update_id: -1 })).statusCode).toBe(400);
      for (const update of [
        { update_id: 9001 },
        { update_id: 9002, edited_channel_post: { whatever: true } },
        { update_id: 9003, message: 'not an object' },
        { update_id: 9004, callback_query: { id: 'x', from: { id: 1 }, data: 'a:not-a-uuid' } },
      ]) {
        const res = await postUpdate(t, update);
        expect(res.statusCode, JSON.stringify(update)).toBe(200);
        expect(res.json()).toEqual({ ok: true });
      }
    });

    it('explains how to connect on a bare /start and on other text', async () => {
      await postUpdate(t, messageUpdate(502, '/start'));
      await postUpdate(t, messageUpdate(502, 'привет'));
      expect(repliesTo(502)).toEqual([botTexts.howToLink, botTexts.howToLink]);
    });

    it('ignores an update Telegram sends again (same update_id): answered 200, handled once', async () => {
      const update = messageUpdate(503, 'привет');
      for (let i = 0; i < 3; i++) {
        const res = await postUpdate(t, update);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ ok: true });
      }
      expect(repliesTo(503)).toEqual([botTexts.howToLink]);
      // A new update from the same chat is handled as usual.
      await postUpdate(t, messageUpdate(503, 'ещё раз'));
      expect(repliesTo(503)).toEqual([botTexts.howToLink, botTexts.howToLink]);
    });
  });

  describe('linking by a one-time code', () => {
    it('gives a signed-in user a 15-minute deep link whose code is stored only as a hash', async () => {
      const before = Date.now();
      const { userId, link: body } = await link('administrator');
      expect(body.url).toMatch(/^https:\/\/t\.me\/carwash_crm_bot\?start=[A-Za-z0-9_-]{32}$/);
      const ttl = Date.parse(body.expires_at) - before;
      expect(ttl).toBeGreaterThan(15 * 60_000 - 5_000);
      expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 5_000);
      const [row] = await t.db
        .select()
        .from(telegramLinkCodes)
        .where(eq(telegramLinkCodes.codeHash, hashSecret(codeOf(body))));
      expect(row).toMatchObject({ userId, usedAt: null });
    });

    it('links the chat on /start <code>, replies through the Bot API, and refuses the code again', async () => {
      const { userId, link: body } = await link('administrator');
      const res = await postUpdate(t, messageUpdate(700100200, `/start ${codeOf(body)}`));
      expect(res.statusCode).toBe(200);
      expect(await telegramIdOf(t, userId)).toBe('700100200');
      expect(repliesTo(700100200)).toEqual([botTexts.linked]);

      // The same code from another chat links nothing.
      await postUpdate(t, messageUpdate(700100300, `/start ${codeOf(body)}`));
      expect(repliesTo(700100300)).toEqual([botTexts.linkInvalid]);
      expect(await telegramIdOf(t, userId)).toBe('700100200');
    });

    it('refuses an expired or unknown code', async () => {
      const { userId, link: body } = await link('worker');
      await t.db
        .update(telegramLinkCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(telegramLinkCodes.codeHash, hashSecret(codeOf(body))));
      await postUpdate(t, messageUpdate(700100400, `/start ${codeOf(body)}`));
      await postUpdate(t, messageUpdate(700100400, '/start AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'));
      await postUpdate(t, messageUpdate(700100400, '/start ../../etc'));
      expect(repliesTo(700100400)).toEqual([
        botTexts.linkInvalid,
        botTexts.linkInvalid,
        botTexts.linkInvalid,
      ]);
      expect(await telegramIdOf(t, userId)).toBeNull();
    });

    it('links only in a private chat', async () => {
      const { userId, link: body } = await link('principal');
      await postUpdate(t, messageUpdate(700100500, `/start ${codeOf(body)}`, 'group'));
      expect(bot.callsOf('sendMessage').map((p) => p.text)).toEqual([botTexts.privateOnly]);
      expect(await telegramIdOf(t, userId)).toBeNull();
    });

    it('moves a chat already linked to someone else: one chat, one account', async () => {
      const owner = await t.loginAs('owner');
      await setTelegramId(t, owner.userId, '700100600');
      const { userId, link: body } = await link('newcomer');
      await postUpdate(t, messageUpdate(700100600, `/start ${codeOf(body)}`));
      expect(await telegramIdOf(t, userId)).toBe('700100600');
      expect(await telegramIdOf(t, owner.userId)).toBeNull();
    });

    it('unlinks the caller only', async () => {
      const rival = await t.loginAs('rival');
      const owner = await t.loginAs('owner');
      await setTelegramId(t, rival.userId, '700100700');
      await setTelegramId(t, owner.userId, '700100701');
      const res = await t.app.inject({ method: 'POST', url: '/api/telegram/unlink', headers: rival.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect(await telegramIdOf(t, rival.userId)).toBeNull();
      expect(await telegramIdOf(t, owner.userId)).toBe('700100701');
    });

    it('needs a session for the link and the unlink', async () => {
      await expectSignInRequired(t, { method: 'POST', url: '/api/telegram/link' });
      await expectSignInRequired(t, { method: 'POST', url: '/api/telegram/unlink' });
    });
  });
});

describe('Telegram bot: a server without a bot', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('has no webhook (404) and refuses a link with 409', async () => {
    const hook = await postUpdate(t, messageUpdate(1, '/start'), 'anything-at-all-1234');
    expect(hook.statusCode).toBe(404);
    expect(hook.json().error.code).toBe('NOT_FOUND');
    const who = await t.loginAs('owner');
    const res = await t.app.inject({ method: 'POST', url: '/api/telegram/link', headers: who.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(notificationMessages.telegramNotConfigured);
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/telegram/link' });
    expect(signedOut.statusCode).toBe(401);
  });
});
