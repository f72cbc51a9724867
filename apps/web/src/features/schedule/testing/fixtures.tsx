import { Outlet, type RouteObject } from 'react-router';
import type { Order, Station } from '@crm/shared';
import type { StationContext } from '../../stations/lib/station-context';
import { testStation } from '../../../test/fixtures';
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

let seq = 0;

/** An own Booked order; times are ISO UTC instants. */
export function makeOrder(start: string, end: string, over: Partial<Order> = {}): Order {
  seq += 1;
  return {
    id: `o${seq}`,
    status: 'Booked',
    source: 'Own',
    order_type: 'Booking',
    booking_start: start,
    booking_end: end,
    date_start: null,
    date_end: null,
    date_create: '2026-05-01T09:00:00.000Z',
    station_id: 's1',
    carwash_id: '100102',
    network_id: 'n1',
    box_number: 1,
    extended_id: null,
    contract_id: 'Individual',
    client_type: 'Individual',
    driver_id: null,
    driver: null,
    phones: [],
    sum: 1500,
    sum_completed: 0,
    sum_manual: false,
    payment_method: 'not_paid',
    comment: '',
    system_comment: '',
    reason: null,
    client_car: {
      brand: 'Kia',
      model: 'Rio',
      plate_number: 'А123ВС54',
      body_type: 'Седан',
      body_color: '',
      car_class: 'Compact',
      category: 'Compact',
    },
    basket: {
      tariff_id: 't1',
      slot_id: null,
      price_element_id: null,
      total_duration_minutes: 30,
      total_amount: 1500,
      include_service_amount: 1500,
      additional_service_amounts: {},
      compensation_amount: 0,
      user_need_to_pay_amount: 1500,
    },
    ...over,
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
