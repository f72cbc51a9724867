/**
 * What other parts of the app use from the dashboard: the blocking new-orders modal, whether it opens on
 * arrival and its code (the station guard), and the new-orders query (the sidebar's badge). The page
 * itself is loaded by the router.
 */
export { NewOrdersGate } from './components/new-orders-gate';
export { useNewOrders, newOrdersQuery, newOrdersWaiting, prefetchNewOrders } from './api/new-orders';
export { lazyNewOrdersModal } from './components/lazy-new-orders-modal';
