import type { AppDeps } from '../../app-deps';
import type { ChannelSender } from './channels';

/** Web Push as an outbox channel: one target per stored subscription of the user. */
export function createPushChannel(_deps: AppDeps): ChannelSender {
  return {
    channel: 'push',
    targets: () => Promise.resolve([]),
    send: () => Promise.resolve('gone'),
  };
}
