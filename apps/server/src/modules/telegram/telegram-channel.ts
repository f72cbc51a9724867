import type { AppDeps } from '../../app-deps';
import type { ChannelSender } from '../notifications/channels';

/** Telegram as an outbox channel: the linked user's private chat with the bot; null without a bot. */
export function createTelegramChannel(_deps: AppDeps): ChannelSender | null {
  return null;
}
