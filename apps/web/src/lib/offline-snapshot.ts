import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { readSnapshot } from './offline-start';
import { getSessionUserId, OFFLINE_SNAPSHOT_KEY } from './session';

/**
 * The offline snapshot (issue 39): what the calendar needs to open without a network — the user, the
 * station list and the calendar ranges last on screen and covering today — kept in localStorage while
 * online. A page loaded offline (the service worker serves the app) starts with them, read-only and marked
 * with the time they were saved; back online, React Query refetches them by itself (they are stale).
 * Hand-written instead of a persister package: a few selected keys, one synchronous read, only offline.
 * The page loads this module after it has arrived; what a start offline needs is in lib/offline-start.ts.
 */

/** One query as saved: its key, its data and when the server answered it. */
export interface SavedQuery {
  key: QueryKey;
  data: unknown;
  at: number;
}

export interface OfflineSnapshot {
  v: 1;
  userId: string;
  queries: SavedQuery[];
}

/** A query of the cache as the selection sees it. */
export interface CachedQuery extends SavedQuery {
  /** On screen now (a mounted component reads it). */
  observed: boolean;
}

/** Calendar ranges kept at most: the one on screen (week or day) and today's, for one or two stations. */
const MAX_CALENDARS = 4;

const isCalendarKey = (key: QueryKey) => key[0] === 'orders' && key[2] === 'calendar';

function coversNow(data: unknown, nowMs: number): boolean {
  const range = data as { fromMs?: unknown; toMs?: unknown } | null;
  return (
    typeof range?.fromMs === 'number' &&
    typeof range.toMs === 'number' &&
    range.fromMs <= nowMs &&
    nowMs < range.toMs
  );
}

/**
 * What is saved for `userId` (pure): his user and station list, the calendar ranges on screen and those
 * holding today's orders; with no calendar on screen (another page is open), the calendars saved before
 * stay. Null when there is nothing of this user's to save.
 */
export function pickSnapshot(
  cached: readonly CachedQuery[],
  previous: OfflineSnapshot | null,
  userId: string,
  nowMs: number,
): OfflineSnapshot | null {
  const user = cached.find((q) => q.key[0] === 'user' && q.key[1] === userId);
  const stations = cached.find((q) => q.key[0] === 'stations' && q.key[1] === userId);
  if (!user || !stations) return null;
  const calendars = cached.filter((q) => isCalendarKey(q.key));
  const onScreen = calendars.filter((q) => q.observed);
  const today = calendars.filter((q) => !q.observed && coversNow(q.data, nowMs)).sort((a, b) => b.at - a.at);
  const before = onScreen.length === 0 && previous?.userId === userId ? previous.queries : [];
  const kept: SavedQuery[] = [];
  const seen = new Set<string>();
  for (const q of [...onScreen, ...before.filter((p) => isCalendarKey(p.key)), ...today]) {
    const id = JSON.stringify(q.key);
    if (seen.has(id) || kept.length >= MAX_CALENDARS) continue;
    seen.add(id);
    kept.push({ key: q.key, data: q.data, at: q.at });
  }
  const strip = ({ key, data, at }: SavedQuery): SavedQuery => ({ key, data, at });
  return { v: 1, userId, queries: [strip(user), strip(stations), ...kept] };
}

export { readSnapshot } from './offline-start';

function saveNow(client: QueryClient) {
  const userId = getSessionUserId();
  if (!userId || !onlineManager.isOnline()) return;
  const cached: CachedQuery[] = client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'success' && q.state.data !== undefined)
    .map((q) => ({
      key: q.queryKey,
      data: q.state.data,
      at: q.state.dataUpdatedAt,
      observed: q.getObserversCount() > 0,
    }));
  const snapshot = pickSnapshot(cached, readSnapshot(userId), userId, Date.now());
  if (!snapshot) return;
  try {
    localStorage.setItem(OFFLINE_SNAPSHOT_KEY, JSON.stringify(snapshot));
  } catch {
    // Storage full or refused (private mode): the app works as before, only not offline.
  }
}

const kept = (key: QueryKey) => key[0] === 'user' || key[0] === 'stations' || isCalendarKey(key);

/**
 * Keeps the snapshot current: saved now (what the page has loaded so far), then a second after a kept
 * query's answer or a calendar range coming on screen from the cache. Loaded after the page
 * (lib/offline-start.ts), off its path.
 */
export function persistOfflineSnapshot(client: QueryClient) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => saveNow(client), 1000);
  };
  client.getQueryCache().subscribe((event) => {
    const answered = event.type === 'updated' && event.action.type === 'success';
    const shown = event.type === 'observerAdded' && isCalendarKey(event.query.queryKey);
    if ((answered || shown) && kept(event.query.queryKey)) later();
  });
  saveNow(client);
}
