import type { PublicBooking } from '@crm/shared';

/** RFC 5545 §3.3.11: backslash, semicolon and comma escaped, new lines as `\n`. */
export const icsText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** 20261201T070000Z: a UTC DATE-TIME (RFC 5545 §3.3.5, form #2). */
export const icsInstant = (iso: string | Date) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Lines longer than 75 octets are folded with CRLF and a space (RFC 5545 §3.1), never inside a character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * «Добавить в календарь»: one VEVENT of the booking. The UID is the order number's, so a second download
 * after a move updates the event instead of adding one; the manage link's path finds the booking again.
 */
export function bookingIcs(booking: PublicBooking, managePath: string, now = new Date()): string {
  const summary = `Мойка: ${booking.tariff_name}`;
  const description = [
    `${booking.station.name}, запись № ${booking.order_number}`,
    `Стоимость: ${booking.price} ₽`,
    `Изменить или отменить: ${managePath}`,
  ].join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//car-wash-crm//online-booking//RU',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:online-booking-${booking.order_number}@car-wash-crm`,
    `DTSTAMP:${icsInstant(now)}`,
    `DTSTART:${icsInstant(booking.booking_start)}`,
    `DTEND:${icsInstant(booking.booking_end)}`,
    `SUMMARY:${icsText(summary)}`,
    `LOCATION:${icsText(booking.station.address)}`,
    `DESCRIPTION:${icsText(description)}`,
    booking.state === 'cancelled' ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
