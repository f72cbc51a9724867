import { z } from 'zod';

/**
 * What a user can be told about (issue 14, S2 §2 «notifications»): a new order, a cancellation by the
 * client (or the partner on the client's behalf), and an order that starts soon (30 min, S1 §9).
 */
export const notificationEvents = ['new_order', 'client_cancel', 'order_soon'] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

/** The channels a notification goes out on. */
export const notificationChannels = ['push', 'telegram'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

const channelSwitches = z.object({ push: z.boolean(), telegram: z.boolean() }).strict();

/** Which event goes to which channel, per user (kept in `users.notification_settings`). */
export const notificationSettingsSchema = z
  .object({
    new_order: channelSwitches,
    client_cancel: channelSwitches,
    order_soon: channelSwitches,
  })
  .strict();
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Everything on until the user says otherwise: a missed order costs more than one message too many. */
export const defaultNotificationSettings: NotificationSettings = {
  new_order: { push: true, telegram: true },
  client_cancel: { push: true, telegram: true },
  order_soon: { push: true, telegram: true },
};

/** Stored settings may predate an event: fill what is missing with the defaults. */
export function withDefaultSettings(stored: unknown): NotificationSettings {
  const out = notificationSettingsSchema.parse(defaultNotificationSettings);
  if (!stored || typeof stored !== 'object') return out;
  for (const event of notificationEvents) {
    const value = (stored as Record<string, unknown>)[event];
    const parsed = channelSwitches.safeParse(value);
    if (parsed.success) out[event] = parsed.data;
  }
  return out;
}

export const notificationEventLabels: Record<NotificationEvent, { title: string; text: string }> = {
  new_order: {
    title: 'Новые записи',
    text: 'Заказ пришёл от партнёра или клиента, или коллега записал клиента (о своих записях вы не получаете).',
  },
  client_cancel: { title: 'Отмены клиентом', text: 'Клиент или партнёр отменил запись.' },
  order_soon: { title: 'Скоро начнётся', text: 'До начала записи осталось 30 минут.' },
};

export const notificationChannelLabels: Record<NotificationChannel, string> = {
  push: 'В браузере',
  telegram: 'Telegram',
};

/** Field messages of a subscription a browser could not have sent (a broken or tampered client). */
export const pushSubscriptionMessages = {
  endpoint: 'Некорректный адрес подписки',
  key: 'Некорректный ключ подписки',
} as const;

const subscriptionKey = (min: number, max: number) =>
  z
    .string({ error: pushSubscriptionMessages.key })
    .min(min, pushSubscriptionMessages.key)
    .max(max, pushSubscriptionMessages.key)
    .regex(/^[A-Za-z0-9_-]+=*$/, pushSubscriptionMessages.key);

const pushEndpointSchema = z
  .url({ protocol: /^https?$/, error: pushSubscriptionMessages.endpoint })
  .max(2048, pushSubscriptionMessages.endpoint);

/** A browser's PushSubscription as `PushSubscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z
  .object({
    endpoint: pushEndpointSchema,
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object(
        { p256dh: subscriptionKey(80, 100), auth: subscriptionKey(16, 32) },
        { error: pushSubscriptionMessages.key },
      )
      .strict(),
  })
  .strict();
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** `POST /api/notifications/subscribe` and `POST /api/push/subscribe/{userId}`. */
export const pushSubscribeBodySchema = z.object({ subscription: pushSubscriptionSchema }).strict();
/** `POST /api/notifications/unsubscribe` and `POST /api/push/unsubscribe/{userId}`: this browser's endpoint. */
export const pushUnsubscribeBodySchema = z.object({ endpoint: pushEndpointSchema }).strict();
export const pushUserParamsSchema = z.object({ userId: z.string().min(1).max(64) });
export const successResponseSchema = z.object({ success: z.boolean() });

/** `GET /api/notifications/status?endpoint=`: is this browser (or, without an endpoint, any) subscribed. */
export const notificationStatusQuerySchema = z.object({ endpoint: z.string().max(2048).optional() });
export const notificationStatusSchema = z.object({
  isSubscribed: z.boolean(),
  /** The VAPID public key (base64url) the browser subscribes with. */
  publicKey: z.string(),
  settings: notificationSettingsSchema,
  telegram: z.object({ connected: z.boolean(), botName: z.string().nullable() }),
});
export type NotificationStatus = z.infer<typeof notificationStatusSchema>;

/** `POST /api/notifications/settings` body and answer. */
export const notificationSettingsBodySchema = z.object({ settings: notificationSettingsSchema }).strict();
export const notificationSettingsResponseSchema = z.object({ settings: notificationSettingsSchema });

/** `POST /api/telegram/link`: a one-time deep link `https://t.me/{bot}?start={code}`. */
export const telegramLinkResponseSchema = z.object({ url: z.string(), expires_at: z.string() });
export type TelegramLink = z.infer<typeof telegramLinkResponseSchema>;
