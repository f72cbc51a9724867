import type { CarClass } from '@crm/shared';

// What the page keeps on the driver's device (issue 37: «four taps for a returning driver»): his name,
// phone and car after a booking, and the manage links of his bookings. Nothing else; storage that is
// blocked or full only costs the prefill.

export interface RememberedCar {
  brand: string;
  model: string;
  category: CarClass;
}
export interface RememberedDriver {
  name: string;
  phone: string;
  car: RememberedCar;
}
export interface RememberedBooking {
  token: string;
  code: string;
  station: string;
  start: string;
  time_zone: string;
}

const DRIVER_KEY = 'crm.book.driver';
const BOOKINGS_KEY = 'crm.book.bookings';

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or full: the next visit starts blank.
  }
}

export function rememberedDriver(): RememberedDriver | null {
  const driver = read<RememberedDriver>(DRIVER_KEY);
  if (!driver || typeof driver !== 'object' || !driver.car || typeof driver.car.category !== 'string')
    return null;
  return {
    name: String(driver.name ?? ''),
    phone: String(driver.phone ?? ''),
    car: {
      brand: String(driver.car.brand ?? ''),
      model: String(driver.car.model ?? ''),
      category: driver.car.category,
    },
  };
}
export function rememberDriver(driver: RememberedDriver) {
  write(DRIVER_KEY, driver);
}
export function forgetDriver() {
  try {
    localStorage.removeItem(DRIVER_KEY);
  } catch {
    // nothing kept
  }
}

export function rememberedBookings(): RememberedBooking[] {
  const list = read<RememberedBooking[]>(BOOKINGS_KEY);
  return Array.isArray(list) ? list.filter((b) => b && typeof b.token === 'string') : [];
}
export function rememberBooking(booking: RememberedBooking) {
  const rest = rememberedBookings().filter((b) => b.token !== booking.token);
  // The newest twenty: a device is one driver's, a long list is old bookings.
  write(BOOKINGS_KEY, [booking, ...rest].slice(0, 20));
}
export function forgetBooking(token: string) {
  write(
    BOOKINGS_KEY,
    rememberedBookings().filter((b) => b.token !== token),
  );
}
/** The device's bookings at a station that have not started yet, soonest first. */
export function upcomingBookings(code: string, now = Date.now()): RememberedBooking[] {
  return rememberedBookings()
    .filter((b) => b.code === code && Date.parse(b.start) > now)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}
