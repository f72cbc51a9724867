import { maxCarriedOrders, type OrderEvent, type OrderStreamEvent } from '@crm/shared';
import type { Database } from '../../db/client';
import { describeOrder } from '../orders/orders.service';
import { stationMemberIds } from '../stations/station-access';
import type { OrderEventBus } from './order-event-bus';

/** Who listens on a stream: checked again at every event, since a membership can end while it is open. */
export interface FeedListener {
  userId: string;
  /** Role admin (support) sees any station without a membership. */
  isAdmin: boolean;
  send(event: OrderStreamEvent): void;
  /** The listener is no longer a member of the station's network: its stream ends. */
  revoke(): void;
}

interface Carried {
  payload: OrderStreamEvent;
  /** Null when the read failed: the listeners were let in at the stream's start, and still are. */
  members: Set<string> | null;
}

type Log = { warn(obj: unknown, msg: string): void };

/**
 * The order events of a station with the orders' state in them (issue 40): open screens draw a change
 * without a request of their own, so a write reaches 2 000 screens as one read per server instance, not
 * 2 000 refetches. The bus hands one event object to every listener of the station; the read it takes
 * (the orders and who may still see them) is made once per object and shared. Each listener gets its events
 * in the order they were committed, each read having been made after its write.
 */
export function createStationFeed(db: Database, bus: OrderEventBus, log?: Log) {
  const carried = new WeakMap<OrderEvent, Promise<Carried>>();

  const read = async (event: OrderEvent): Promise<Carried> => {
    const ids = event.order_ids?.length ? event.order_ids : [event.order_id];
    try {
      const [members, changes] = await Promise.all([
        stationMemberIds(db, event.station_id),
        ids.length <= maxCarriedOrders
          ? Promise.all(ids.map(async (id) => ({ order_id: id, details: await describeOrder(db, id) })))
          : undefined,
      ]);
      return { members, payload: changes ? { ...event, changes } : event };
    } catch (error) {
      // The bare event still tells the screens to fetch what changed.
      log?.warn({ err: error }, 'order event: reading the orders failed; sending it without them');
      return { members: null, payload: event };
    }
  };
  const carry = (event: OrderEvent) => {
    let pending = carried.get(event);
    if (!pending) carried.set(event, (pending = read(event)));
    return pending;
  };

  return {
    /** Resolves once events are being received (the bus's promise); returns the unsubscribe. */
    subscribe(stationId: string, listener: FeedListener): Promise<() => void> {
      let queue: Promise<void> = Promise.resolve();
      return bus.subscribe(stationId, (event) => {
        const next = carry(event);
        queue = queue.then(async () => {
          const { members, payload } = await next;
          if (members && !listener.isAdmin && !members.has(listener.userId)) listener.revoke();
          else listener.send(payload);
        });
      });
    },
  };
}
