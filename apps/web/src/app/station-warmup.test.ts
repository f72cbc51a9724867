import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSessionUser } from '../lib/session';
import { makeUser, mockFetch, setViewport } from '../test/render';
import { testOrder, testStation } from '../test/fixtures';
import { calendarWeekKey } from '../features/schedule/api/order-list';
import { queryClient } from './providers';
import { warmCalendar, warmStation } from './station-warmup';

const station = testStation({ id: 's1', network_id: 'n1', time_zone: 'Europe/Moscow' });
const incoming = testOrder({ status: 'Accepted', source: 'Yandex' });

function serverWith(user = makeUser()) {
  return mockFetch((url) => {
    if (url.startsWith(`/api/user/${user.id}`)) return { status: 200, body: { user, redirect_to: null } };
    if (url.startsWith('/api/station/list')) return { status: 200, body: { stations: [station] } };
    if (url.startsWith('/api/order/list/new/')) {
      return {
        status: 200,
        body: { orders_list: [{ order: incoming }], ru_services_name: {}, ru_tariff_name: {} },
      };
    }
    if (url.startsWith('/api/order/calendar')) return { status: 200, body: { rows: [] } };
    return undefined;
  });
}

const paths = (calls: { url: string }[]) => calls.map((c) => c.url.split('?')[0]!);

describe('station warm-up (the data a station page asks first, asked at navigation)', () => {
  beforeEach(() => {
    // Wednesday 10 June 2026, 12:00 in Moscow.
    vi.useFakeTimers({ now: new Date('2026-06-10T09:00:00Z'), toFake: ['Date'] });
    setSessionUser('u1');
  });
  afterEach(() => {
    vi.useRealTimers();
    queryClient.clear();
    clearSession();
    setViewport();
  });

  it('asks the week a wide screen shows, under the key the calendar reads', async () => {
    setViewport(1440);
    const calls = serverWith();
    await warmCalendar('s1', new URLSearchParams());
    const week = calls.find((c) => c.url.startsWith('/api/order/calendar'))!;
    expect(new URL(week.url, 'http://x').searchParams.toString()).toBe(
      'station_id=s1&date_start=2026-06-08&date_end=2026-06-15',
    );
    expect(queryClient.getQueryData(calendarWeekKey('s1', '2026-06-08', '2026-06-15'))).toMatchObject({
      orders: [],
    });
  });

  it('asks the day a phone shows, and the day and view the URL names', async () => {
    setViewport(390);
    const calls = serverWith();
    await warmCalendar('s1', new URLSearchParams());
    await warmCalendar('s1', new URLSearchParams('view=week&date=2026-06-20'));
    const ranges = calls
      .filter((c) => c.url.startsWith('/api/order/calendar'))
      .map((c) => new URL(c.url, 'http://x').searchParams.get('date_start'));
    expect(ranges).toEqual(['2026-06-10', '2026-06-15']);
  });

  it('asks the new orders only for those who answer them', async () => {
    const owner = serverWith();
    await warmStation('s1');
    expect(paths(owner)).toContain('/api/order/list/new/s1');

    queryClient.clear();
    const worker = serverWith(makeUser({ networks: [{ id: 'n1', name: 'Демо-сеть', position: 'worker' }] }));
    await warmStation('s1');
    expect(paths(worker)).not.toContain('/api/order/list/new/s1');
  });

  it('leaves a station outside the list, and a visitor without a session, to the page', async () => {
    const calls = serverWith();
    await warmStation('other');
    await warmCalendar('other', new URLSearchParams());
    expect(paths(calls).filter((p) => p.startsWith('/api/order'))).toEqual([]);

    clearSession();
    const none = serverWith();
    await warmStation('s1');
    expect(none).toEqual([]);
  });

  it('never fails: a refused call is the page’s to show', async () => {
    mockFetch(() => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'сбой' } } }));
    await expect(warmStation('s1')).resolves.toBeUndefined();
    await expect(warmCalendar('s1', new URLSearchParams())).resolves.toBeUndefined();
  });
});
