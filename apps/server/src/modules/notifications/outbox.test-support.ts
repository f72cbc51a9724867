// Shared setup of the outbox tests (not a test file itself): a channel that records what it is asked to send.
import type { NotificationChannel } from '@crm/shared';
import type { ChannelSender, NotificationMessage, SendOutcome } from './channels';

export interface RecordedSend {
  recipient: string;
  message: NotificationMessage;
  /** performance.timeOrigin + performance.now(), in ms. */
  at: number;
}

export interface RecordingChannel extends ChannelSender {
  sent: RecordedSend[];
  /** Sends by `${eventId}/${recipient}`: each must be 1. */
  counts: Map<string, number>;
  /** The next sends' outcome: a value, or an error to throw. */
  next: (SendOutcome | Error)[];
}

/**
 * Every given user is reached at `${channel}:${userId}` (and the ones in `twice` also at a second target),
 * so a test sees exactly who was told.
 */
export function recordingChannel(
  channel: NotificationChannel,
  options: { twice?: string[]; only?: string[] } = {},
): RecordingChannel {
  const sent: RecordedSend[] = [];
  const counts = new Map<string, number>();
  const next: (SendOutcome | Error)[] = [];
  return {
    channel,
    sent,
    counts,
    next,
    targets: (_db, userIds) =>
      Promise.resolve(
        userIds
          .filter((userId) => !options.only || options.only.includes(userId))
          .flatMap((userId) => [
            { userId, recipient: `${channel}:${userId}` },
            ...(options.twice?.includes(userId) ? [{ userId, recipient: `${channel}:${userId}:2` }] : []),
          ]),
      ),
    send: (_db, recipient, message) => {
      const outcome = next.shift() ?? 'sent';
      if (outcome instanceof Error) return Promise.reject(outcome);
      if (outcome === 'sent') {
        sent.push({ recipient, message, at: performance.timeOrigin + performance.now() });
        const key = `${message.eventId}/${recipient}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return Promise.resolve(outcome);
    },
  };
}
