import {
  washServices,
  type CarClass,
  type OrderStatus,
  type PublicBooking,
  type PublicBookingState,
} from '@crm/shared';
import type { OrderRow } from '../orders/order-dto';
import type { OnlineBookingRow, OnlineBookingSettingsRow, StationRow } from './online-booking.repository';
import { publicStationOf } from './public-station';

/** What the driver reads of a status: waiting, confirmed, washing, done, cancelled. */
export function publicStateOf(status: string): PublicBookingState {
  switch (status as OrderStatus) {
    case 'Accepted':
      return 'waiting';
    case 'Booked':
      return 'confirmed';
    case 'Processing':
      return 'in_progress';
    case 'Completed':
      return 'done';
    default:
      return 'cancelled';
  }
}

/** A cancel or a move is taken until start − the station's cut-off, while the booking is not started. */
export function changeDeadlineOf(order: Pick<OrderRow, 'bookingStart'>, cutoffMinutes: number): Date {
  return new Date(order.bookingStart.getTime() - cutoffMinutes * 60_000);
}

export const isChangeable = (status: string) => status === 'Accepted' || status === 'Booked';

export interface PublicBookingParts {
  booking: OnlineBookingRow;
  order: OrderRow;
  station: StationRow;
  settings: Pick<OnlineBookingSettingsRow, 'code' | 'phone' | 'cancelCutoffMinutes'>;
  tariffName: string;
}

/** The driver's own booking: nothing of staff, other bookings or internal ids (DESIGN §9). */
export function publicBookingOf(parts: PublicBookingParts, now = new Date()): PublicBooking {
  const { booking, order, station, settings } = parts;
  const deadline = changeDeadlineOf(order, settings.cancelCutoffMinutes);
  const car = order.clientCar;
  return {
    state: publicStateOf(order.status),
    order_number: order.number,
    station: publicStationOf(settings, station),
    booking_start: order.bookingStart.toISOString(),
    booking_end: order.bookingEnd.toISOString(),
    tariff_id: order.basket.tariff_id ?? '',
    tariff_name: parts.tariffName,
    services: Object.entries(order.basket.additional_service_amounts ?? {}).map(([key, price]) => ({
      key,
      name: washServices.find((s) => s.key === key)?.name_ru ?? key,
      price,
    })),
    price: order.sum,
    car: { brand: car.brand ?? '', model: car.model ?? '', category: (car.category ?? 'Mini') as CarClass },
    name: booking.name,
    phone: booking.phone,
    change_deadline: deadline.toISOString(),
    can_change: isChangeable(order.status) && now.getTime() <= deadline.getTime(),
    data_removal_requested: booking.removalRequestedAt !== null,
  };
}
