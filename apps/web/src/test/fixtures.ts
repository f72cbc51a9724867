import type { Order, Station } from '@crm/shared';
import { resetEachFile } from './file-reset';

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

/** The car of `testOrder`. */
export const testCar = (over: Partial<Order['client_car']> = {}): Order['client_car'] => ({
  brand: 'Kia',
  model: 'Rio',
  plate_number: 'А123ВС54',
  body_type: 'Седан',
  body_color: '',
  car_class: 'Compact',
  category: 'Compact',
  ...over,
});

let orderSeq = 0;
resetEachFile(() => (orderSeq = 0));

/**
 * An own, unpaid Booked order of «Мойка на Ленина» (Kia Rio, 30 minutes, 1500 ₽; ids o1, o2, … in the
 * order made): the one order fixture the feature tests start from and override what they need.
 */
export const testOrder = (over: Partial<Order> = {}): Order => {
  orderSeq += 1;
  return {
    id: `o${orderSeq}`,
    number: 10000 + orderSeq,
    status: 'Booked',
    source: 'Own',
    order_type: 'Booking',
    booking_start: '2026-06-10T03:00:00.000Z',
    booking_end: '2026-06-10T03:30:00.000Z',
    date_start: null,
    date_end: null,
    date_create: '2026-06-01T09:00:00.000Z',
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
    paid_at: null,
    comment: '',
    system_comment: '',
    reason: null,
    client_car: testCar(),
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
};
