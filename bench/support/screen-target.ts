/**
 * The calls of an operator screen against a server at `baseUrl` (`bench:capacity` and
 * `bench:capacity-cluster`); `bench` names the bench in the comments its writes leave on the orders.
 */
import type { PreparedScreens } from './capacity-recordings';
import { calendarPath } from './capacity-recordings';
import { currentWeek } from './requests';
import type { HttpCall, ScreenTarget } from './screens';
import type { BenchNetwork } from './seed-network';

export function screenTarget(
  baseUrl: string,
  net: BenchNetwork,
  prepared: PreparedScreens,
  bench = 'bench:capacity',
): ScreenTarget {
  const url = new URL(baseUrl);
  const week = currentWeek();
  const headersOf = (screen: number) => ({
    cookie: `crm_sid=${prepared.tokens[screen % prepared.tokens.length]}`,
    'x-user-id': prepared.userId,
  });
  return {
    host: url.hostname,
    port: Number(url.port),
    calendar(station, screen, etag): HttpCall {
      const stationId = net.stationIds[station]!;
      if (!prepared.calendarRoute) {
        return {
          method: 'POST',
          path: '/api/order/list',
          headers: headersOf(screen),
          body: JSON.stringify({ station_id: stationId, ...week }),
        };
      }
      const headers: Record<string, string> = headersOf(screen);
      if (etag) headers['if-none-match'] = etag;
      return { method: 'GET', path: calendarPath(stationId), headers };
    },
    newOrders: (station, screen) => ({
      method: 'GET',
      path: `/api/order/list/new/${net.stationIds[station]}`,
      headers: headersOf(screen),
    }),
    order: (orderId, screen) => ({
      method: 'GET',
      path: `/api/order/${orderId}`,
      headers: headersOf(screen),
    }),
    write(station, n) {
      const edit = prepared.edits[station]!;
      return {
        method: 'POST',
        path: `/api/own_order/update/${edit.orderId}`,
        headers: headersOf(station),
        body: JSON.stringify({ ...edit.body, comment: `Правка ${n} из ${bench}` }),
      };
    },
    events: (station, screen) => ({
      path: `/api/events?station_id=${net.stationIds[station]}`,
      headers: { cookie: headersOf(screen).cookie },
    }),
  };
}
