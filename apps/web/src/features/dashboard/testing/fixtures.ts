import {
  addDays,
  periodRange,
  previousRange,
  type Order,
  type StationAnalytics,
  type StationRating,
} from '@crm/shared';
import { stationToday } from '../../../lib/station-time';

let seq = 0;

const minute = 60_000;

/** An order starting `inMinutes` from now (negative: in the past), 30 minutes long. */
export function order(inMinutes: number, over: Partial<Order> = {}): Order {
  seq += 1;
  const start = Date.now() + inMinutes * minute;
  return {
    id: `o${seq}`,
    status: 'Booked',
    source: 'Own',
    order_type: 'Booking',
    booking_start: new Date(start).toISOString(),
    booking_end: new Date(start + 30 * minute).toISOString(),
    date_start: null,
    date_end: null,
    date_create: new Date(start - 3 * 3600_000).toISOString(),
    station_id: 's1',
    carwash_id: '100101',
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
      plate_number: `А${String(100 + seq).slice(-3)}ВС77`,
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

export function rating(over: Partial<StationRating> = {}): StationRating {
  return {
    all_orders: 0,
    all_orders_sum: 0,
    booking_completed_sum: 0,
    completed_count: 0,
    canceled_count: 0,
    completed_percent: 0,
    canceled_percent: 0,
    total_count: 0,
    rating: null,
    ...over,
  };
}

/** Moscow's today and the dashboard's default week, and the week before it. */
export function weeks() {
  const today = stationToday('Europe/Moscow');
  const current = periodRange('week', today);
  return { today, current, previous: previousRange(current), tomorrow: addDays(today, 1) };
}

export function analyticsFor(r: StationRating, dates: string[]): StationAnalytics {
  return {
    rating: r,
    days: dates.map((date, i) => ({ date, orders: i, revenue: i * 1000, cancelled: 0 })),
    sources: [
      { source: 'Own', orders: 3, sum: 4500 },
      { source: 'Yandex', orders: 2, sum: 3000 },
      { source: 'Benzuber', orders: 0, sum: 0 },
    ],
    statuses: [
      { status: 'Accepted', orders: 1 },
      { status: 'Booked', orders: 1 },
      { status: 'Processing', orders: 0 },
      { status: 'Completed', orders: 3 },
      { status: 'Canceled', orders: 0 },
      { status: 'StationCanceled', orders: 0 },
      { status: 'UserCanceled', orders: 0 },
    ],
    hours: Array.from({ length: 24 }, (_, hour) => ({ hour, orders: hour === 12 ? 3 : hour === 15 ? 2 : 0 })),
  };
}
