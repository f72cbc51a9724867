/** What other features use from orders: the URL-driven modals the calendar mounts once. */
export { OrderModals, orderParams } from './components/order-modals';
