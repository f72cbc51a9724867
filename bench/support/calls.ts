/**
 * The calls `bench:api` loads, one entry each: how autocannon sends it, how the preflight sends it once
 * per station in-process (to check it answers and to record its SQL for the raw baseline), and what
 * the preflight reports about the answers. `BENCH_CALLS` picks some by id.
 */
import type { Request } from 'autocannon';
import type { BenchNetwork } from './seed-network';
import {
  currentMonth,
  createRequest,
  currentWeek,
  figuresPath,
  figuresRequest,
  historyBody,
  historyRequest,
  listRequest,
  newOrdersRequest,
  type Session,
} from './requests';

export interface Injected {
  method: 'GET' | 'POST';
  url: string;
  payload?: unknown;
}

export interface BenchCall {
  /** For BENCH_CALLS. */
  id: string;
  /** Row name in the closing table. */
  name: string;
  request(net: BenchNetwork, session: Session): Request;
  /** Load on one connection instead of BENCH_CONNECTIONS (service time without the queue). */
  serial?: boolean;
  /**
   * The raw baseline's recording key prefix (`<prefix> <station_id>`, bench/api-baseline.ts); calls
   * without one (creates) have no baseline.
   */
  baseline?: string;
  /** The request the preflight sends for a station. */
  inject?(stationId: string): Injected;
  /** A problem with an answer that answered 200 (the API without issue 4's additions, say). */
  check?(body: unknown): string | null;
  /** One line about the answers of every station, for the log. */
  describe?(bodies: unknown[]): string;
}

const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const fmt = (x: number) => x.toFixed(0);

interface HistoryAnswer {
  orders: unknown[];
  total?: number;
  totals?: { count: number; sum: number; completed_count: number; completed_sum: number };
}
interface RatingAnswer {
  rating?: { all_orders: number; booking_completed_sum: number; rating: number | null };
}
interface AnalyticsAnswer extends RatingAnswer {
  days?: unknown[];
}

const historyCheck = (body: unknown) => {
  const b = body as HistoryAnswer;
  if (typeof b.total !== 'number' || !b.totals) return 'answered without `total`/`totals`';
  return b.orders.length > 25 ? `returned ${b.orders.length} orders for a page of 25` : null;
};

export function benchCalls(search: string): BenchCall[] {
  const week = currentWeek();
  const month = currentMonth();
  return [
    {
      id: 'week',
      name: 'week list',
      request: listRequest,
      baseline: 'list',
      inject: (id) => ({ method: 'POST', url: '/api/order/list', payload: { station_id: id, ...week } }),
      describe: (bodies) =>
        `a week list returns ${fmt(avg(bodies.map((b) => (b as HistoryAnswer).orders.length)))} orders ` +
        `per station (${week.date_start} … ${week.date_end})`,
    },
    {
      id: 'serial',
      name: 'week list ×1',
      request: listRequest,
      baseline: 'list',
      serial: true,
      // Records the week list's SQL too, for when BENCH_CALLS leaves `week` out.
      inject: (id) => ({ method: 'POST', url: '/api/order/list', payload: { station_id: id, ...week } }),
    },
    {
      id: 'new',
      name: 'new orders',
      request: newOrdersRequest,
      baseline: 'new',
      inject: (id) => ({ method: 'GET', url: `/api/order/list/new/${id}` }),
      describe: (bodies) =>
        `new orders: ${fmt(avg(bodies.map((b) => (b as { orders_list: unknown[] }).orders_list.length)))} per station`,
    },
    // Creates start at request 1: the preflight books request 0 to check the payload.
    { id: 'create', name: 'create', request: (net, session) => createRequest(net, session, 1) },
    {
      id: 'history',
      name: 'history month',
      request: (net, session) => historyRequest(net, session),
      baseline: 'history',
      inject: (id) => ({ method: 'POST', url: '/api/order/list', payload: historyBody(id, month) }),
      check: historyCheck,
      describe: (bodies) => {
        const answers = bodies as HistoryAnswer[];
        return (
          `history ${month.start} … ${month.end}, page 1 of 25: ${fmt(avg(answers.map((b) => b.total ?? 0)))} ` +
          `matching orders per station, ${fmt(avg(answers.map((b) => b.orders.length)))} on the page`
        );
      },
    },
    {
      id: 'search',
      name: 'history search',
      request: (net, session) => historyRequest(net, session, search),
      baseline: 'search',
      inject: (id) => ({ method: 'POST', url: '/api/order/list', payload: historyBody(id, month, search) }),
      check: historyCheck,
      describe: (bodies) =>
        `history search «${search}»: ${fmt(avg((bodies as HistoryAnswer[]).map((b) => b.total ?? 0)))} ` +
        `matching orders per station`,
    },
    {
      id: 'rating',
      name: 'rating month',
      request: (net, session) => figuresRequest(net, session, 'rating'),
      baseline: 'rating',
      inject: (id) => ({ method: 'GET', url: figuresPath('rating', id, month) }),
      check: (body) => ((body as RatingAnswer).rating ? null : 'answered without `rating`'),
      describe: (bodies) => {
        const ratings = (bodies as RatingAnswer[]).map((b) => b.rating!);
        return (
          `rating ${month.start} … ${month.end}: ${fmt(avg(ratings.map((r) => r.all_orders)))} orders, ` +
          `revenue ${fmt(avg(ratings.map((r) => r.booking_completed_sum)))} ₽ per station`
        );
      },
    },
    {
      id: 'analytics',
      name: 'analytics month',
      request: (net, session) => figuresRequest(net, session, 'analytics'),
      baseline: 'analytics',
      inject: (id) => ({ method: 'GET', url: figuresPath('analytics', id, month) }),
      check: (body) => (Array.isArray((body as AnalyticsAnswer).days) ? null : 'answered without `days`'),
      describe: (bodies) =>
        `analytics ${month.start} … ${month.end}: ${fmt(avg((bodies as AnalyticsAnswer[]).map((b) => b.days!.length)))} days per answer`,
    },
  ];
}

/** The calls BENCH_CALLS names (comma-separated ids), in catalogue order; all when unset. */
export function pickCalls(all: BenchCall[], wanted: string | undefined): BenchCall[] {
  if (!wanted?.trim()) return all;
  const ids = wanted.split(',').map((s) => s.trim());
  const unknown = ids.filter((id) => !all.some((c) => c.id === id));
  if (unknown.length) {
    throw new Error(`BENCH_CALLS: unknown ${unknown.join(', ')}; known: ${all.map((c) => c.id).join(', ')}`);
  }
  return all.filter((c) => ids.includes(c.id));
}
