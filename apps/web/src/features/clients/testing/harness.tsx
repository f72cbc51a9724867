import type { Driver, DriverDetailsResponse, DriverVisit, Position } from '@crm/shared';
import { rememberStation } from '../../../lib/selected-station';
import { setSessionUser } from '../../../lib/session';
import { makeUser, renderRoutes } from '../../../test/render';
import { resetEachFile } from '../../../test/file-reset';
import { testStation } from '../../../test/fixtures';
import { mockApi, type Routes } from '../../orders/testing/harness';
import { cars } from '../../orders/testing/fixtures';
import { ClientsPage } from '../pages/clients-page';

export const station = testStation();

let seq = 0;
resetEachFile(() => (seq = 0));
/** A client as the API answers it. */
export function makeDriver(over: Partial<Driver> = {}): Driver {
  seq++;
  return {
    id: `d${seq}`,
    name: 'Иван',
    surname: 'Петров',
    phone: '+79161234567',
    discount: 0,
    cars: [{ brand: 'Toyota', model: 'Camry', plate_number: 'А777АА77' }],
    deleted: false,
    date_created: '2026-03-01T09:00:00.000Z',
    network_id: 'n1',
    ...over,
  };
}

export function detailsOf(driver: Driver, over: Partial<DriverDetailsResponse['summary']> = {}) {
  return {
    driver,
    summary: {
      orders_count: 3,
      visits_count: 2,
      total_spent: 3500,
      first_visit: '2026-03-02T07:00:00.000Z',
      last_visit: '2026-04-10T07:00:00.000Z',
      favourite_station: { id: 's1', name: 'Мойка на Ленина', visits: 2 },
      ...over,
    },
  } satisfies DriverDetailsResponse;
}

export function makeVisit(over: Partial<DriverVisit> = {}): DriverVisit {
  return {
    order_id: 'o1',
    number: 10001,
    date: '2026-04-10T07:00:00.000Z',
    station_id: 's1',
    station_name: 'Мойка на Ленина',
    station_timezone: 'Europe/Moscow',
    car: { brand: 'Toyota', model: 'Camry', plate_number: 'А777АА77' },
    tariff: 'Экспресс',
    sum: 2000,
    status: 'Completed',
    matched_by: 'driver',
    ...over,
  };
}

/** The user at the station, the station list and the car collection, plus `routes`. */
export function serveClients(
  routes: Routes,
  position: Position = 'administrator',
  selected: string | null = 's1',
) {
  setSessionUser('u1');
  rememberStation(selected);
  return mockApi({
    'GET /api/user/u1': () => ({
      user: makeUser({ position, networks: [{ id: 'n1', name: 'Демо-сеть', position }] }),
      redirect_to: null,
    }),
    'POST /api/station/list': () => ({ stations: [station] }),
    'GET /api/cars/collections': () => cars,
    ...routes,
  });
}

/** The clients page at `path` (`/clients…` or `/clients/{id}…`), with a stand-in calendar route. */
export function showClients(path: string) {
  return renderRoutes(
    [
      { path: '/clients', element: <ClientsPage /> },
      { path: '/clients/:clientId', element: <ClientsPage /> },
      { path: '/station/:stationId', element: <p>Календарь станции</p> },
      { path: '/', element: <p>Станции</p> },
    ],
    path,
  );
}

export const searchOf = (router: ReturnType<typeof showClients>['router']) =>
  new URLSearchParams(router.state.location.search);

export { setViewport } from '../../../test/render';
