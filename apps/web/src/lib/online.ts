/** Why a change is refused while the device has no network (issue 39): said, never silently queued. */
export const offlineWriteRefusal = 'Нет сети — изменения недоступны';
/** An order's window needs the network (its details and its code): opened offline, it says so. */
export const offlineOrderRefusal = 'Нет сети — заказ откроется, когда связь вернётся';

/**
 * The browser says it has no network (a false `true` is possible; a `false` is to be believed). No React
 * Query here: the login page's API calls import this too.
 */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
