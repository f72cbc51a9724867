import {
  addDays,
  compareIndicators,
  periodRange,
  previousRange,
  type Order,
  type StationAnalytics,
  type StationRating,
} from '@crm/shared';
import { stationToday } from '../../../lib/station-time';
import { testCar, testOrder } from '../../../test/fixtures';
import { resetEachFile } from '../../../test/file-reset';

let plates = 0;
resetEachFile(() => (plates = 0));

const minute = 60_000;

/** An order starting `inMinutes` from now (negative: in the past), 30 minutes long, each with its own plate. */
export function order(inMinutes: number, over: Partial<Order> = {}): Order {
  plates += 1;
  const start = Date.now() + inMinutes * minute;
  return testOrder({
    booking_start: new Date(start).toISOString(),
    booking_end: new Date(start + 30 * minute).toISOString(),
    date_create: new Date(start - 3 * 3600_000).toISOString(),
    client_car: testCar({ plate_number: `А${String(100 + plates).slice(-3)}ВС77` }),
    ...over,
  });
}

export function rating(over: Partial<StationRating> = {}): StationRating {
  return {
    all_orders: 0,
    all_orders_sum: 0,
    booking_completed_sum: 0,
    revenue: 0,
    completed_count: 0,
    canceled_count: 0,
    completed_percent: 0,
    canceled_percent: 0,
    total_count: 0,
    rating: null,
    ...over,
  };
}

/** Moscow's today, the same weekday last week (the day's like-for-like), this week and the week before. */
export function weeks() {
  const today = stationToday('Europe/Moscow');
  const current = periodRange('week', today);
  return {
    today,
    sameDayLastWeek: addDays(today, -7),
    current,
    previous: previousRange(current),
    tomorrow: addDays(today, 1),
  };
}

/** An analytics answer for `r`, compared with `previous` (none: no comparison), as the server builds it. */
export function analyticsFor(
  r: StationRating,
  dates: string[],
  previous: StationRating | null = null,
): StationAnalytics {
  return {
    rating: r,
    previous,
    indicators: compareIndicators(r, previous),
    days: dates.map((date, i) => ({ date, orders: i, revenue: i * 1000, cancelled: 0 })),
    sources: [
      { source: 'Own', orders: 3, sum: 4500, revenue: 3200 },
      { source: 'Yandex', orders: 2, sum: 3000, revenue: 1800 },
      { source: 'Benzuber', orders: 0, sum: 0, revenue: 0 },
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
