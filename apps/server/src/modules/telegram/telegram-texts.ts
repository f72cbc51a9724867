import { formatRub, orderSourceLabels, type OrderSource } from '@crm/shared';
import type { NotificationMessage } from '../notifications/channels';

/** What the bot says in the chat (server-side only: the web never shows these). */
export const botTexts = {
  linked: 'Готово! Уведомления о записях будут приходить сюда.',
  linkInvalid:
    'Ссылка для подключения недействительна или устарела. Откройте CRM, нажмите «Открыть бота» ещё раз и перейдите по новой ссылке.',
  howToLink:
    'Чтобы получать уведомления о записях, подключите Telegram в CRM: профиль или настройки станции → «Открыть бота». Бот откроется по ссылке сам.',
  privateOnly: 'Подключить уведомления можно только в личном чате с ботом.',
  notLinked: 'Аккаунт не привязан. Подключите Telegram в профиле CRM.',
  orderNotFound: 'Запись не найдена',
  accepted: 'Запись принята',
  declined: 'Запись отклонена',
  alreadyAnswered: (status: string | undefined) => `Уже обработана${status ? `: ${status}` : ''}`,
  acceptButton: 'Принять',
  openButton: 'Открыть в CRM',
  declineButton: 'Отклонить',
  acceptedBy: (who: string) => `✅ Принята: ${who}`,
  declinedBy: (who: string) => `❌ Отклонена: ${who}`,
} as const;

const headlines: Record<NotificationMessage['event'], string> = {
  new_order: 'Новая запись',
  client_cancel: 'Запись отменена клиентом',
  order_soon: 'Скоро начнётся запись',
};

function sourceLabel(source: string): string {
  return orderSourceLabels[source as OrderSource] ?? source;
}

/** The chat message of a notification: plain text, so no car plate or name can break a markup. */
export function notificationText(message: NotificationMessage): string {
  const { order, station } = message;
  const lines = [
    `«${station.name}»`,
    `${headlines[message.event]} №${order.number}`,
    `Автомобиль: ${order.car}`,
    `Время: ${order.time}`,
    `Бокс: ${order.box}`,
    `Сумма: ${formatRub(order.sum)}`,
    `Источник: ${sourceLabel(order.source)}`,
  ];
  if (order.awaitsDecision) lines.push('', 'Ждёт ответа станции.');
  return lines.join('\n');
}

/** Callback data of the buttons: `a:<orderId>` accepts, `d:<orderId>` declines (Telegram allows 64 bytes). */
export type Decision = 'accept' | 'decline';
const decisionPrefix: Record<Decision, string> = { accept: 'a', decline: 'd' };

export function decisionData(decision: Decision, orderId: string): string {
  return `${decisionPrefix[decision]}:${orderId}`;
}

export function parseDecisionData(data: string): { decision: Decision; orderId: string } | null {
  const match = /^([ad]):([0-9A-Za-z-]{1,62})$/.exec(data);
  if (!match) return null;
  return { decision: match[1] === 'a' ? 'accept' : 'decline', orderId: match[2]! };
}

export function decisionKeyboard(orderId: string) {
  return {
    inline_keyboard: [
      [
        { text: botTexts.acceptButton, callback_data: decisionData('accept', orderId) },
        { text: botTexts.declineButton, callback_data: decisionData('decline', orderId) },
      ],
    ],
  };
}

/**
 * The buttons under a notification: «Принять» / «Отклонить» for an order awaiting a decision, and «Открыть
 * в CRM» (the order in the calendar) when the CRM's address is https — Telegram refuses a URL button to
 * plain http such as a local demo's, and the whole message would fail with it. None: no keyboard.
 */
export function notificationKeyboard(
  message: { url: string; order: { id: string; awaitsDecision: boolean } },
  publicUrl: string,
) {
  const rows: ({ text: string; callback_data: string } | { text: string; url: string })[][] = [];
  if (message.order.awaitsDecision) rows.push(...decisionKeyboard(message.order.id).inline_keyboard);
  if (publicUrl.startsWith('https://')) {
    rows.push([{ text: botTexts.openButton, url: new URL(message.url, publicUrl).toString() }]);
  }
  return rows.length > 0 ? { inline_keyboard: rows } : undefined;
}
