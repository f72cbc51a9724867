import { useMemo, useState } from 'react';
import { isIncomingNewOrder, type Station } from '@crm/shared';
import { useArrivalTurn } from '../../../lib/arrival-queue';
import { useNewOrders } from '../api/new-orders';
import { useAnsweredOrders } from '../lib/answered-orders';
import { lazyNewOrdersModal } from './lazy-new-orders-modal';

const NewOrdersModal = lazyNewOrdersModal.Component;

interface NewOrdersGateProps {
  station: Station;
  /** Role admin (S1 §6: only admin may close the modal by clicking outside). */
  isAdmin: boolean;
}

/**
 * Mounted by the station guard for those who may manage orders: watches the station's new orders (polled
 * every 20 s and pushed by order events) and blocks work with the modal while incoming ones wait. Role
 * admin may put it aside; it comes back when another incoming order arrives.
 */
export function NewOrdersGate({ station, isAdmin }: NewOrdersGateProps) {
  const query = useNewOrders(station.id);
  const answered = useAnsweredOrders();
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());

  const incoming = useMemo(
    () => (query.data ?? []).filter((o) => isIncomingNewOrder(o) && !answered.has(o.id)),
    [query.data, answered],
  );
  // Mounted only while open: nothing to animate out of a block that has just been lifted.
  const open = incoming.some((o) => !dismissed.has(o.id));
  // First in the arrival queue: the greeting, tour and cookie banner wait while it is open.
  const turn = useArrivalTurn('new-orders', open);
  // Orders already waiting when the station opens are part of the page: the modal is there at once. The
  // zoom is for an order that arrives while someone works (on arrival it also held the page's largest
  // paint back by its 0.3 s and the frames after it). Settled by the list's first result; over once it closes.
  const [waitingOnArrival, setWaitingOnArrival] = useState<boolean | null>(null);
  if (waitingOnArrival === null && query.data) setWaitingOnArrival(open);
  else if (waitingOnArrival && !open) setWaitingOnArrival(false);
  if (!open || !turn) return null;

  return (
    <NewOrdersModal
      station={station}
      animate={!waitingOnArrival}
      orders={incoming}
      dismissible={isAdmin}
      onDismiss={() => setDismissed(new Set(incoming.map((o) => o.id)))}
    />
  );
}
