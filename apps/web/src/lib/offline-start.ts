import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { OfflineSnapshot } from './offline-snapshot';
import { isOffline } from './online';
import { getSessionUserId, OFFLINE_SNAPSHOT_KEY } from './session';

/** The saved snapshot (lib/offline-snapshot.ts), if it is this user's and readable. */
export function readSnapshot(userId: string | null): OfflineSnapshot | null {
  if (!userId) return null;
  try {
    const raw = localStorage.getItem(OFFLINE_SNAPSHOT_KEY);
    const snapshot = raw ? (JSON.parse(raw) as OfflineSnapshot) : null;
    return snapshot?.v === 1 && snapshot.userId === userId && Array.isArray(snapshot.queries)
      ? snapshot
      : null;
  } catch {
    return null;
  }
}

/** After the page has arrived: the saving code is no part of the first load (issue 39). */
export const SNAPSHOT_SAVING_AFTER_MS = 2000;

/**
 * The app's query client, offline-ready (issue 39). A page loaded without a network (the service worker
 * serves the app) starts from the snapshot, each query dated when it was saved, and React Query is told it
 * is offline, so nothing is asked until the network is back — then it refetches them by itself. The code
 * that keeps the snapshot current loads two seconds later.
 */
export function keepOfflineSnapshot(client: QueryClient): QueryClient {
  if (typeof window === 'undefined') return client;
  if (isOffline()) {
    onlineManager.setOnline(false);
    for (const q of readSnapshot(getSessionUserId())?.queries ?? []) {
      client.setQueryData(q.key, q.data, { updatedAt: q.at });
    }
  }
  setTimeout(() => {
    void import('./offline-snapshot').then(
      (module) => module.persistOfflineSnapshot(client),
      () => {}, // not downloadable now (offline): nothing new to save either
    );
  }, SNAPSHOT_SAVING_AFTER_MS);
  return client;
}
