import type { QueryClient } from '@tanstack/react-query';
import { ordersKey } from '../api/order-details';

/**
 * Refreshes every order query of the station after `delayMs` (S1 §4: 500 ms after a status change, S1 §9:
 * 700 ms after a creation). The timer is not tied to a component: the modal may already be closed.
 */
export function refreshOrdersLater(queryClient: QueryClient, stationId: string, delayMs: number) {
  window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: ordersKey(stationId) }), delayMs);
}
