/** The requests autocannon sends for `bench:api`, rotating over the bench network's stations. */
import type { Request } from 'autocannon';
import { addDays, historyPageSizes, periodRange, type DateRange } from '@crm/shared';
import type { BenchNetwork } from './seed-network';

/** A signed-in caller: the session cookie and the X-User-Id header (DESIGN §5). */
export interface Session {
  headers: Record<string, string>;
}

/** The current week on the stations' clock (Moscow, UTC+3): Monday and the next Monday. */
export function currentWeek() {
  const local = new Date(Date.now() + 3 * 3600_000);
  const monday = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const next = new Date(monday.getTime() + 7 * 86_400_000);
  return { date_start: monday.toISOString().slice(0, 10), date_end: next.toISOString().slice(0, 10) };
}

const json = { 'content-type': 'application/json' };

/** `POST /api/order/list` for each station in turn, with the body `bodyOf` makes for it. */
function orderListRequest(
  net: BenchNetwork,
  session: Session,
  bodyOf: (stationId: string) => object,
): Request {
  let i = 0;
  return {
    method: 'POST',
    path: '/api/order/list',
    headers: { ...session.headers, ...json },
    setupRequest: (req) => ({
      ...req,
      body: JSON.stringify(bodyOf(net.stationIds[i++ % net.stationIds.length]!)),
    }),
  };
}

export function listRequest(net: BenchNetwork, session: Session): Request {
  const week = currentWeek();
  return orderListRequest(net, session, (stationId) => ({ station_id: stationId, ...week }));
}

export function newOrdersRequest(net: BenchNetwork, session: Session): Request {
  let i = 0;
  return {
    method: 'GET',
    path: '/api/order/list/new/x',
    headers: session.headers,
    setupRequest: (req) => ({
      ...req,
      path: `/api/order/list/new/${net.stationIds[i++ % net.stationIds.length]}`,
    }),
  };
}

/**
 * Request n books station n mod S at its own 30-minute slot: days after the seeded range, 08:00–22:00
 * Moscow, so the times are free unless the server stretches an order past 30 minutes on every box.
 */
export function createBody(net: BenchNetwork, n: number) {
  const s = n % net.stationIds.length;
  const k = Math.floor(n / net.stationIds.length);
  const first = new Date(`${net.to}T00:00:00Z`);
  const day = 10 + Math.floor(k / 28);
  const start = Date.UTC(
    first.getUTCFullYear(),
    first.getUTCMonth(),
    first.getUTCDate() + day,
    8 - 3,
    (k % 28) * 30,
  );
  const letters = 'АВЕКМНОРСТУХ';
  return {
    stationId: net.stationIds[s]!,
    body: {
      car: {
        brand: 'Kia',
        model: 'Rio',
        class: 'Compact',
        category: 'Compact',
        bodyType: 'Седан',
        bodyColor: 'Белый',
        plateNumber: `${letters[n % 12]}${String(n % 1000).padStart(3, '0')}${letters[(n >> 2) % 12]}${letters[(n >> 5) % 12]}77`,
      },
      bookingStart: new Date(start).toISOString(),
      bookingEnd: new Date(start + 30 * 60_000).toISOString(),
      paymentMethod: 'not_paid',
      comment: 'bench',
      basket: { tariffId: net.tariffIds[s]!, totalAmount: 1000 },
    },
  };
}

export function createRequest(net: BenchNetwork, session: Session, from: number): Request {
  let n = from;
  return {
    method: 'POST',
    path: '/api/create_order/x',
    headers: { ...session.headers, ...json },
    setupRequest: (req) => {
      const { stationId, body } = createBody(net, n++);
      return { ...req, path: `/api/create_order/${stationId}`, body: JSON.stringify(body) };
    },
  };
}

/** Today on the stations' clock (Moscow, UTC+3 all year), YYYY-MM-DD. */
export function moscowToday(): string {
  return new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
}

/**
 * The current calendar month on the stations' clock: what the history page and the dashboard open
 * with (S1 §2: the history default is the current month).
 */
export function currentMonth(): DateRange {
  return periodRange('month', moscowToday());
}

/** The history page's first page of a month (S1 §9: table size 25), optionally with a search. */
export function historyBody(stationId: string, month: DateRange, search?: string) {
  return {
    station_id: stationId,
    date_start: month.start,
    // S1 §9: the list call's end is the range end plus one day.
    date_end: addDays(month.end, 1),
    history: true,
    page: 1,
    page_size: historyPageSizes.table.default,
    ...(search ? { search } : {}),
  };
}

export function historyRequest(net: BenchNetwork, session: Session, search?: string): Request {
  const month = currentMonth();
  return orderListRequest(net, session, (stationId) => historyBody(stationId, month, search));
}

/** `/api/station/rating/{id}` or `/api/station/analytics/{id}` for a month (both dates inclusive). */
export function figuresPath(kind: 'rating' | 'analytics', stationId: string, month: DateRange): string {
  return `/api/station/${kind}/${stationId}?sdate=${month.start}&edate=${month.end}`;
}

export function figuresRequest(net: BenchNetwork, session: Session, kind: 'rating' | 'analytics'): Request {
  const month = currentMonth();
  let i = 0;
  return {
    method: 'GET',
    path: figuresPath(kind, net.stationIds[0]!, month),
    headers: session.headers,
    setupRequest: (req) => ({
      ...req,
      path: figuresPath(kind, net.stationIds[i++ % net.stationIds.length]!, month),
    }),
  };
}
