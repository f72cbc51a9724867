/** What other parts of the app may use from the calendar. */
export { orderListKey, orderListQuery } from './api/order-list';
