import type { NotificationChannel, NotificationEvent, OrderStatus } from '@crm/shared';
import type { Database } from '../../db/client';

/**
 * What a notification says, built once per order event by the outbox (outbox.ts) and rendered by each
 * channel in its own way. Times are already in the station's clock.
 */
export interface NotificationMessage {
  event: NotificationEvent;
  /** The order_events row this message is about. */
  eventId: number;
  station: { id: string; name: string };
  order: {
    id: string;
    number: number;
    status: OrderStatus;
    source: string;
    /** «Toyota Camry А123ВС77», or «Автомобиль не указан». */
    car: string;
    /** «25.11 07:55–08:25», in the station's time zone. */
    time: string;
    box: number;
    sum: number;
    /** Staff may still accept or decline it (a partner order waiting in Accepted). */
    awaitsDecision: boolean;
  };
  /** A path in the web app that opens the order: `/station/{id}/calendar?order={orderId}`. */
  url: string;
}

/** Where one user is reached on one channel: a push subscription id, or a Telegram chat id. */
export interface ChannelTarget {
  userId: string;
  recipient: string;
}

/**
 * `sent`: delivered. `gone`: the recipient no longer exists (push 404/410, Telegram «bot was blocked»);
 * the delivery is dropped and the channel may forget the recipient. Anything else is thrown and retried.
 */
export type SendOutcome = 'sent' | 'gone';

/** A way out of the outbox. Push (push-channel.ts) and Telegram (modules/telegram) implement it. */
export interface ChannelSender {
  channel: NotificationChannel;
  /** The recipients of the given users on this channel (none for a user who has not connected it). */
  targets(db: Database, userIds: string[]): Promise<ChannelTarget[]>;
  send(db: Database, recipient: string, message: NotificationMessage): Promise<SendOutcome>;
}
