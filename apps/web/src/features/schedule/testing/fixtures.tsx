import { Outlet, type RouteObject } from 'react-router';
import type { CalendarOrder, Order, OrderDetailsResponse, Station } from '@crm/shared';
import type { StationContext } from '../../stations/lib/station-context';
import { testCar, testOrder, testStation } from '../../../test/fixtures';
import { calendarOrderOf } from '@crm/shared';
import { SchedulePage } from '../pages/schedule-page';

/** Novosibirsk (UTC+7), Monday–Saturday 09:00–21:00, Sunday off, 2 boxes, 30-minute slots. */
export function makeStation(over: Partial<Station> = {}): Station {
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  return testStation({
    name: 'Мойка на Садовой',
    carwash_id: '100102',
    address: 'Новосибирск, Садовая, 1',
    location: null,
    boxes: [1, 2].map((number) => ({ number, status: 'Free' })),
    worktime_by_day: Object.fromEntries(
      days.flatMap((d) => [
        [`start_${d}`, '09:00'],
        [`end_${d}`, '21:00'],
      ]),
    ),
    time_zone: 'Asia/Novosibirsk',
    time_zone_int: 7,
    ...over,
  });
}

/**
 * An own Booked order of «Мойка на Садовой» as the calendar has it (one row of the week): a Kia Rio
 * А123ВС54 for 1500 ₽ unless told otherwise; times are ISO UTC instants.
 */
export function makeOrder(start: string, end: string, over: Partial<CalendarOrder> = {}): CalendarOrder {
  return { ...calendarOrderOf(testOrder({ booking_start: start, booking_end: end })), ...over };
}

/** The whole order behind a calendar row, as `GET /api/order/{id}` answers it. */
export function wholeOrder(row: CalendarOrder, over: Partial<Order> = {}): Order {
  const { brand, model, plate_number, ...rest } = row;
  return testOrder({
    ...rest,
    date_create: '2026-05-01T09:00:00.000Z',
    carwash_id: '100102',
    client_car: testCar({ brand, model, plate_number }),
    ...over,
  });
}

/** `GET /api/order/{id}` of that order. */
export function orderDetails(order: Order): OrderDetailsResponse {
  return {
    order,
    human_name_tariff: 'Комплексная мойка',
    basket_human_names: { formated_includes: [], formated_additional: [] },
    ru_services_name: {},
  };
}

/** The calendar under a stand-in for the station guard (it hands the page its station). */
export function scheduleRoutes(station: Station): RouteObject[] {
  const context: StationContext = { station, external: false, canManage: true };
  return [
    {
      path: '/station/:stationId',
      element: <Outlet context={context} />,
      children: [{ index: true, element: <SchedulePage /> }],
    },
    { path: '/station/:stationId/settings', element: <p>Настройки станции</p> },
  ];
}
