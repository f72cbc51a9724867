import type { PublicBooking } from '@crm/shared';

// The booking just made, handed from the form to its manage page so the page shows at once without a
// second call. Read once.
let handed: { token: string; booking: PublicBooking } | null = null;

export function handOffBooking(token: string, booking: PublicBooking) {
  handed = { token, booking };
}
export function takeHandedBooking(token: string): PublicBooking | null {
  if (handed?.token !== token) return null;
  const { booking } = handed;
  handed = null;
  return booking;
}
/** Tests share modules between files (src/test/setup.ts): a booking handed over and never shown is dropped. */
export function resetHandOffForTests() {
  handed = null;
}
