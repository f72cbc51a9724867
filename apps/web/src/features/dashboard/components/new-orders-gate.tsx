import { lazy, Suspense, useMemo, useState } from 'react';
import { isIncomingNewOrder, type Station } from '@crm/shared';
import { useArrivalTurn } from '../../../lib/arrival-queue';
import { useNewOrders } from '../api/new-orders';
import { useAnsweredOrders } from '../lib/answered-orders';

// The modal's code loads only when an incoming order first needs an answer.
const NewOrdersModal = lazy(() => import('./new-orders-modal'));

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
  if (!open || !turn) return null;

  return (
    <Suspense fallback={null}>
      <NewOrdersModal
        station={station}
        open
        orders={incoming}
        dismissible={isAdmin}
        onDismiss={() => setDismissed(new Set(incoming.map((o) => o.id)))}
      />
    </Suspense>
  );
}
