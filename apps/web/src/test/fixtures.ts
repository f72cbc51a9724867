import type { Station } from '@crm/shared';

/**
 * «Мойка на Ленина» as the demo seeds it (carwash 100101, 4 boxes, Europe/Moscow, Monday 08–22, 30-minute
 * slots): the one station fixture the feature tests start from and override what they need.
 */
export const testStation = (over: Partial<Station> = {}): Station => ({
  id: 's1',
  name: 'Мойка на Ленина',
  network_id: 'n1',
  carwash_id: '100101',
  address: 'Москва, Ленинский проспект, 45',
  location: { type: 'Point', coordinates: [37.58632, 55.70753] },
  type: 'carwash',
  boxes: [1, 2, 3, 4].map((number) => ({ number, status: 'Free' })),
  daysOfWork: [],
  worktime_by_day: { start_Monday: '08:00', end_Monday: '22:00' },
  time_zone: 'Europe/Moscow',
  time_zone_int: 3,
  slot_duration: 30,
  days_to_alive: 30,
  enable: true,
  enable_payment: false,
  enable_booking: true,
  autoaccept_payment: false,
  autoaccept_booking: false,
  stepCost: 50,
  limitMinCost: 0,
  limitMaxCost: 50000,
  awaiting_setup: false,
  last_used: null,
  ...over,
});
