import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import type { Station } from '@crm/shared';
import { useCanManageOrders } from '../lib/order-access';
import './orders.css';

// The modals load when first opened: the calendar's own first render does not wait for the form stack.
const OrderDetailsModal = lazy(async () => ({
  default: (await import('./order-details-modal')).OrderDetailsModal,
}));
const NewOrderModal = lazy(async () => ({ default: (await import('./new-order-modal')).NewOrderModal }));

/** Query parameters of the modal contract (team brief «Web modal contract»). */
export const orderParams = { orderId: 'orderId', newOrder: 'newOrder', edit: 'edit' } as const;

/**
 * The order modals, driven by the URL: `?orderId=` opens the details (and `&edit=1` its edit form),
 * `?newOrder=<ISO instant | 1>` the new order form. Closing removes the parameter. Mounted once by the
 * calendar page.
 */
export function OrderModals({ station }: { station: Station }) {
  const [params, setParams] = useSearchParams();
  const orderId = params.get(orderParams.orderId);
  const newOrder = params.get(orderParams.newOrder);
  const editing = params.get(orderParams.edit) === '1';
  const canManage = useCanManageOrders(station);

  const change = (apply: (next: URLSearchParams) => void) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        apply(next);
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <Suspense fallback={null}>
      {orderId && (
        <OrderDetailsModal
          key={orderId}
          station={station}
          orderId={orderId}
          canManage={canManage}
          editing={editing}
          onClose={() =>
            change((next) => {
              next.delete(orderParams.orderId);
              next.delete(orderParams.edit);
            })
          }
          onEdit={(open) =>
            change((next) => (open ? next.set(orderParams.edit, '1') : next.delete(orderParams.edit)))
          }
        />
      )}
      {newOrder && (
        <NewOrderModal
          key={newOrder}
          station={station}
          preset={newOrder}
          canManage={canManage}
          onClose={() => change((next) => next.delete(orderParams.newOrder))}
        />
      )}
    </Suspense>
  );
}
