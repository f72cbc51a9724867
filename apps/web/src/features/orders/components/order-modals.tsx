import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { Station } from '@crm/shared';
import { whenPageFree } from '../../../lib/after-page';
import { preloadable } from '../../../lib/preloadable';
import { useCanManageOrders } from '../lib/order-access';
import './orders.css';

// The modals' code is not in the calendar's first load: its first render does not wait for the form stack.
const detailsCode = preloadable(async () => ({
  default: (await import('./order-details-modal')).OrderDetailsModal,
}));
const newOrderCode = preloadable(async () => ({
  default: (await import('./new-order-modal')).NewOrderModal,
}));
const OrderDetailsModal = detailsCode.Component;
const NewOrderModal = newOrderCode.Component;

/** Query parameters of the modal contract (team brief «Web modal contract»). */
export const orderParams = {
  orderId: 'orderId',
  newOrder: 'newOrder',
  edit: 'edit',
  box: 'box',
  /** The client of the new order and the index of their car (the client's «Новая запись», issue 11). */
  client: 'client',
  car: 'car',
} as const;

/** `&box=<n>` beside `newOrder` (a free cell of box n was clicked): a positive whole number, else none. */
export function boxParam(raw: string | null): number | undefined {
  if (!raw || !/^\d{1,3}$/.test(raw)) return undefined;
  const box = Number(raw);
  return box >= 1 ? box : undefined;
}

/** `&car=<i>`: an index into the client's cars, else none. */
function carParam(raw: string | null): number | undefined {
  return raw && /^\d{1,2}$/.test(raw) ? Number(raw) : undefined;
}

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
  useEffect(() => {
    // The windows' code is fetched ahead of the first tap that opens one: the first «Новая запись» of a
    // load downloaded and ran ≈ 300 KB of it on the tap, 1.0–1.9 s to a typeable form on the budgets' phone
    // (issue 40). Not while the page arrives (whenPageFree): run then, it was ≈ 0.25 s of the calendar's
    // blocking time on that phone. A failed download (offline) is tried again when a window opens.
    // Not in the unit tests (a download after a test has ended) nor in dev.
    if (!import.meta.env.PROD) return;
    return whenPageFree(
      () =>
        void newOrderCode
          .preload()
          .then(detailsCode.preload)
          .catch(() => {}),
    );
  }, []);

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
    <>
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
          date={params.get('date')}
          box={boxParam(params.get(orderParams.box))}
          clientId={params.get(orderParams.client) ?? undefined}
          carIndex={carParam(params.get(orderParams.car))}
          canManage={canManage}
          onClose={() =>
            change((next) => {
              next.delete(orderParams.newOrder);
              next.delete(orderParams.box);
              next.delete(orderParams.client);
              next.delete(orderParams.car);
            })
          }
        />
      )}
    </>
  );
}
