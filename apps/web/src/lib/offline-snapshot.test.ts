import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { keepOfflineSnapshot } from './offline-start';
import {
  persistOfflineSnapshot,
  pickSnapshot,
  readSnapshot,
  type CachedQuery,
  type OfflineSnapshot,
} from './offline-snapshot';
import { clearSession, OFFLINE_SNAPSHOT_KEY, setSessionUser } from './session';

const now = Date.UTC(2026, 10, 28, 9, 0);
const week = (from: string, observed: boolean, at = now - 60_000): CachedQuery => ({
  key: ['orders', 's1', 'calendar', from, 'x'],
  data: {
    orders: [{ id: from }],
    fromMs: Date.parse(`${from}T00:00:00Z`),
    toMs: Date.parse(`${from}T00:00:00Z`) + 7 * 864e5,
  },
  at,
  observed,
});
const user: CachedQuery = {
  key: ['user', 'u1'],
  data: { user: { id: 'u1' } },
  at: now - 5000,
  observed: true,
};
const stations: CachedQuery = {
  key: ['stations', 'u1'],
  data: [{ id: 's1' }],
  at: now - 5000,
  observed: true,
};

describe('pickSnapshot: what is kept for offline', () => {
  it('keeps the user, his stations, the calendar on screen and the range holding today; nothing else', () => {
    const shown = week('2026-12-07', true);
    const today = week('2026-11-23', false);
    const snapshot = pickSnapshot(
      [
        user,
        stations,
        shown,
        today,
        week('2026-11-30', false), // a neighbour prefetched, neither shown nor today's
        { key: ['user', 'other'], data: {}, at: now, observed: false },
        { key: ['clients', 's1'], data: [], at: now, observed: true },
      ],
      null,
      'u1',
      now,
    );
    expect(snapshot?.userId).toBe('u1');
    expect(snapshot?.queries.map((q) => q.key)).toEqual([user.key, stations.key, shown.key, today.key]);
    // Saved as answered: the data and its time, nothing of the cache's state.
    expect(snapshot?.queries[2]).toEqual({ key: shown.key, data: shown.data, at: shown.at });
  });

  it('with no calendar on screen keeps the calendars saved before (another page is open)', () => {
    const previous: OfflineSnapshot = {
      v: 1,
      userId: 'u1',
      queries: [user, stations, { key: ['orders', 's1', 'calendar', 'a', 'b'], data: {}, at: 1 }],
    };
    const snapshot = pickSnapshot([user, stations], previous, 'u1', now);
    expect(snapshot?.queries.map((q) => q.key[0])).toEqual(['user', 'stations', 'orders']);
    // Another user's snapshot is never carried over.
    expect(pickSnapshot([user, stations], { ...previous, userId: 'u2' }, 'u1', now)?.queries).toHaveLength(2);
  });

  it('saves nothing before the user and his stations are known', () => {
    expect(pickSnapshot([user, week('2026-11-23', true)], null, 'u1', now)).toBeNull();
  });
});

describe('keepOfflineSnapshot', () => {
  // Its saving code would load 2 s later: not in these tests (the last one starts it itself).
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
    vi.restoreAllMocks();
    onlineManager.setOnline(true);
    clearSession();
  });

  it('a page loaded offline starts from the snapshot, dated when it was saved, and waits for the network', () => {
    setSessionUser('u1');
    const calendar = {
      key: ['orders', 's1', 'calendar', 'a', 'b'],
      data: { orders: [] },
      at: now - 3600_000,
    };
    localStorage.setItem(
      OFFLINE_SNAPSHOT_KEY,
      JSON.stringify({ v: 1, userId: 'u1', queries: [user, stations, calendar] } satisfies OfflineSnapshot),
    );
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const client = keepOfflineSnapshot(new QueryClient());
    expect(onlineManager.isOnline()).toBe(false);
    expect(client.getQueryData(calendar.key)).toEqual(calendar.data);
    expect(client.getQueryState(calendar.key)?.dataUpdatedAt).toBe(calendar.at);
    expect(client.getQueryData(['user', 'u1'])).toEqual(user.data);
  });

  it('online, nothing is read from it; another user never sees it; sign-out removes it', () => {
    setSessionUser('u1');
    localStorage.setItem(OFFLINE_SNAPSHOT_KEY, JSON.stringify({ v: 1, userId: 'u1', queries: [user] }));
    const client = keepOfflineSnapshot(new QueryClient());
    expect(client.getQueryData(['user', 'u1'])).toBeUndefined();
    expect(readSnapshot('u2')).toBeNull();
    expect(readSnapshot('u1')?.queries).toHaveLength(1);
    clearSession();
    expect(localStorage.getItem(OFFLINE_SNAPSHOT_KEY)).toBeNull();
  });

  it('saves the kept queries a moment after they are answered', async () => {
    setSessionUser('u1');
    const client = new QueryClient();
    persistOfflineSnapshot(client);
    client.setQueryData(['user', 'u1'], user.data);
    client.setQueryData(['stations', 'u1'], stations.data);
    client.setQueryData(['tariffs', 's1'], []);
    expect(readSnapshot('u1')).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(readSnapshot('u1')?.queries.map((q) => q.key)).toEqual([user.key, stations.key]);
  });
});
