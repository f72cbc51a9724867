import { describe, expect, it } from 'vitest';
import { createTelegram, webhookSecretFor } from '../../adapters/telegram';
import { botToken } from './telegram.test-support';

const config = { botToken, botName: 'carwash_crm_bot', apiRoot: 'http://127.0.0.1:9', webhookSecret: null };

describe('Telegram adapter: the webhook secret', () => {
  it('derives a secret Telegram accepts from the bot token when none is configured', () => {
    const secret = webhookSecretFor(botToken);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(webhookSecretFor('987:other')).not.toBe(secret);
    const telegram = createTelegram(config)!;
    expect(telegram.isWebhookSecret(secret)).toBe(true);
    for (const wrong of [undefined, '', secret.slice(1), `${secret}x`, botToken]) {
      expect(telegram.isWebhookSecret(wrong)).toBe(false);
    }
  });

  it('takes TELEGRAM_WEBHOOK_SECRET instead when it is set', () => {
    const telegram = createTelegram({ ...config, webhookSecret: 'configured_secret-123' })!;
    expect(telegram.isWebhookSecret('configured_secret-123')).toBe(true);
    expect(telegram.isWebhookSecret(webhookSecretFor(botToken))).toBe(false);
  });

  it('knows the bot without a getMe call, and is off without a token', () => {
    expect(createTelegram(config)!.createBot().botInfo).toMatchObject({
      id: 123456789,
      username: 'carwash_crm_bot',
    });
    expect(createTelegram({ ...config, botToken: null })).toBeNull();
  });
});
