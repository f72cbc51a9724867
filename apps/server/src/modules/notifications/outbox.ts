import type { Database, DatabaseHandle } from '../../db/client';
import { createOrderEventBus } from '../events/order-event-bus';
import type { ChannelSender } from './channels';
import type { PartnerCallbackSender } from '../partners/partner-callbacks';
import { deliverBatch } from './outbox-delivery';
import { fanOutBatch } from './outbox-fanout';
import { recordSoonEvents } from './outbox-soon';

type Log = { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };

export interface OutboxOptions {
  db: Database;
  database: DatabaseHandle;
  channels: readonly ChannelSender[];
  /** Partner status callbacks (issue 36); none in tests that do not exercise them. */
  partnerCallbacks?: PartnerCallbackSender | null;
  log?: Log;
  /** The fallback poll: a missed NOTIFY (a reconnect, another instance's back-off) waits at most this. */
  pollMs?: number;
  /** How often «Скоро начнётся» is looked for. */
  soonEveryMs?: number;
  batch?: number;
}

export interface Outbox {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** One full pass (waits for a pass in progress, then runs another): fan out, then deliver. */
  runOnce(): Promise<void>;
}

/**
 * The notification dispatcher (DESIGN §7): reads the order_events outbox, fans each event out into
 * deliveries and sends them through the channels. It wakes on the commit's NOTIFY, so a new order is sent
 * within a second or two, and polls as a fallback, so nothing is lost across restarts. Several instances
 * may run on one PostgreSQL: every claim is `FOR UPDATE SKIP LOCKED` (and a lease for sending).
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { db, database, channels, log, pollMs = 1000, soonEveryMs = 60_000, batch = 100 } = options;
  const partnerCallbacks = options.partnerCallbacks ?? null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let pollTimer: NodeJS.Timeout | null = null;
  let soonTimer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;
  const bus = createOrderEventBus(database, log);

  const pass = async () => {
    while ((await fanOutBatch(db, channels, batch)) === batch && !stopped);
    while ((await deliverBatch(db, channels, batch, log)) === batch && !stopped);
    if (partnerCallbacks) while ((await partnerCallbacks.deliver(db, batch, log)) === batch && !stopped);
  };

  // One pass at a time per process; a wake-up during a pass asks for one more after it.
  const kick = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
        } catch (error) {
          log?.error({ err: error }, 'notification outbox pass failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const scanSoon = async () => {
    try {
      if ((await recordSoonEvents(db)) > 0) await kick();
    } catch (error) {
      log?.error({ err: error }, 'order soon scan failed');
    }
  };

  const schedulePoll = () => {
    pollTimer = setTimeout(() => {
      void kick().finally(() => {
        if (!stopped) schedulePoll();
      });
    }, pollMs);
    pollTimer.unref?.();
  };

  return {
    async start() {
      if (stopped) throw new Error('the outbox was stopped');
      unsubscribe = await bus.subscribeAll(() => void kick());
      schedulePoll();
      soonTimer = setInterval(() => void scanSoon(), soonEveryMs);
      soonTimer.unref?.();
      void scanSoon();
      void kick();
    },
    async stop() {
      stopped = true;
      if (pollTimer) clearTimeout(pollTimer);
      if (soonTimer) clearInterval(soonTimer);
      unsubscribe?.();
      await bus.close();
      await running;
    },
    runOnce: kick,
  };
}
