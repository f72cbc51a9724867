import { preloadable } from '../../../lib/preloadable';

/**
 * The new-orders window's code, loaded when an incoming order first needs an answer, or ahead of it by
 * the station's warm-up (`prefetchNewOrders`) so that it opens in the page's first frames.
 */
export const lazyNewOrdersModal = preloadable(() => import('./new-orders-modal'));
