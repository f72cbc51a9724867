/** What other parts of the app may use from the calendar. */
export { canCreateOrders } from './lib/order-rights';
export { orderListKey, orderListQuery } from './api/order-list';
