import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

/**
 * Whether the app is online, as React Query sees it (its online manager follows the browser's
 * `online`/`offline` events; a page loaded offline tells it at start, lib/offline-snapshot.ts).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}
