import { Outlet } from 'react-router';
import type { Position, Slot, SlotGroup, SlotStatus, Station, User } from '@crm/shared';
import { slotGroupOf, toMinutes } from '@crm/shared';
import { createQueryClient } from '../../../lib/query-client';
import { setSessionUser } from '../../../lib/session';
import { testStation } from '../../../test/fixtures';
import { makeUser, renderRoutes } from '../../../test/render';
import type { StationContext } from '../../stations/lib/station-context';
import { SlotsPage } from '../pages/slots-page';

// The slot manager under a stand-in for the station guard, a fixed clock and a fake slot server that
// keeps state, so a refetch after a toggle sees what the toggle did.

/** Wednesday 25.11.2026, 13:00 in Moscow (the station's clock). */
export const NOW = new Date('2026-11-25T10:00:00.000Z');
export const TODAY = '2026-11-25';

/** «Мойка на Ленина», Monday to Saturday 08:00–22:00, Sunday off, 4 boxes. */
export const station: Station = testStation({
  worktime_by_day: Object.fromEntries(
    ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].flatMap((d) => [
      [`start_${d}`, '08:00'],
      [`end_${d}`, '22:00'],
    ]),
  ),
});

const pad = (n: number) => String(n).padStart(2, '0');

/** A 30-minute slot of `date` at `start` (Moscow, UTC+3) as the server answers it. */
export function makeSlot(date: string, start: string, status: SlotStatus = 'Free'): Slot {
  const startMin = toMinutes(start);
  const endMin = startMin + 30;
  const end = `${pad(Math.floor(endMin / 60) % 24)}:${pad(endMin % 60)}`;
  const [y, m, d] = date.split('-');
  const at = Date.UTC(Number(y), Number(m) - 1, Number(d)) + (startMin - 180) * 60_000;
  const boxes = { Free: [4, 0, 0], Blocked: [0, 4, 0], Busy: [0, 0, 4] }[status];
  return {
    id: `${d}${m}${y!.slice(2)}_${start.replace(':', '')}_${end.replace(':', '')}`,
    dateStart: new Date(at).toISOString(),
    dateEnd: new Date(at + 30 * 60_000).toISOString(),
    start,
    end,
    status,
    free_boxes: boxes[0]!,
    blocked_boxes: boxes[1]!,
    busy_boxes: boxes[2]!,
    past: at <= NOW.getTime(),
  };
}

export type Answer = { status: number; body?: unknown };
export interface Call {
  key: string;
  query: string;
  body: unknown;
}

interface ServerOptions {
  /** Slots per date; a date missing here is a day off. */
  days: Record<string, Slot[]>;
  /** Answers forced on the block calls, one per call in order (then the fake server answers). */
  blockAnswers?: Answer[];
  blockDayAnswers?: Answer[];
  /** Every load fails with this until `failLoads(null)`. */
  loadFailure?: Answer;
}

function grouped(slots: Slot[]): Record<SlotGroup, Slot[]> {
  const out: Record<SlotGroup, Slot[]> = { morning: [], day: [], evening: [], night: [] };
  for (const s of slots) out[slotGroupOf(toMinutes(s.start))].push(s);
  return out;
}

const reply = ({ status, body }: Answer) =>
  new Response(JSON.stringify(body ?? {}), { status, headers: { 'Content-Type': 'application/json' } });

export const apiError = (status: number, code: string, message: string): Answer => ({
  status,
  body: { error: { code, message } },
});

/** The slot endpoints of S2 §7 over `days`; returns every call but the failure reports. */
export function serveSlots(options: ServerOptions) {
  const calls: Call[] = [];
  const days = structuredClone(options.days);
  const blockAnswers = [...(options.blockAnswers ?? [])];
  const blockDayAnswers = [...(options.blockDayAnswers ?? [])];
  let loadFailure = options.loadFailure ?? null;
  const dayResponse = (date: string) => ({
    date,
    time_zone: station.time_zone,
    slot_duration: 30,
    working: date in days,
    slots: grouped(days[date] ?? []),
  });

  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (key === 'POST /api/error') return reply({ status: 200 });
    calls.push({ key, query: url.search, body });

    const load = /^GET \/api\/slots\/s1$/.exec(key);
    if (load) {
      if (loadFailure) return reply(loadFailure);
      return reply({ status: 200, body: dayResponse(url.searchParams.get('selected_date')!) });
    }
    const block = /^POST \/api\/slots\/block\/s1\/(.+)$/.exec(key);
    if (block) {
      const forced = blockAnswers.shift();
      if (forced) return reply(forced);
      const slot = Object.values(days)
        .flat()
        .find((s) => s.id === decodeURIComponent(block[1]!))!;
      const toUnblock = (body as { to_unblock: boolean }).to_unblock;
      Object.assign(slot, {
        status: toUnblock ? 'Free' : 'Blocked',
        free_boxes: toUnblock ? 4 : 0,
        blocked_boxes: toUnblock ? 0 : 4,
      });
      return reply({ status: 200, body: { slot } });
    }
    if (key === 'POST /api/slots/block_day/s1') {
      const forced = blockDayAnswers.shift();
      if (forced) return reply(forced);
      const { date, to_unblock } = body as { date: string; to_unblock: boolean };
      const from = to_unblock ? 'Blocked' : 'Free';
      const changing = (days[date] ?? []).filter((s) => !s.past && s.status === from);
      for (const s of changing) s.status = to_unblock ? 'Free' : 'Blocked';
      return reply({ status: 200, body: { changed: changing.length, slots: grouped(days[date] ?? []) } });
    }
    return reply(apiError(404, 'NOT_FOUND', 'Не найдено'));
  }) as typeof fetch;
  return Object.assign(calls, {
    failLoads: (answer: Answer | null) => {
      loadFailure = answer;
    },
  });
}

interface ShowOptions {
  position?: Position | null;
  role?: User['role'];
  search?: string;
}

/** The page at `/station/s1/slots` for a signed-in member of the station's network. */
export function showSlots({ position = 'administrator', role = 'user', search = '' }: ShowOptions = {}) {
  const user = makeUser({
    id: 'u1',
    role,
    networks: position ? [{ id: station.network_id, name: 'Демо-сеть', position }] : [],
  });
  setSessionUser('u1');
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: 5 * 60_000 } });
  client.setQueryData(['user', 'u1'], { user, redirect_to: null });
  const context: StationContext = { station, external: position === null, canManage: false };
  return renderRoutes(
    [
      {
        path: '/station/:stationId',
        element: <Outlet context={context} />,
        children: [{ path: 'slots', element: <SlotsPage /> }],
      },
    ],
    `/station/${station.id}/slots${search}`,
    client,
  );
}
