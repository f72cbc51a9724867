/** @jsxImportSource preact */
import { dateTimeLabel } from './book-format';
import { upcomingBookings } from './book-storage';
import { bookTexts } from './book-texts';
import { bookingPath, navigate } from './book-route';

/** «Мои записи»: this device's upcoming bookings at the station, each to its manage page. */
export function MyBookings({ code }: { code: string }) {
  const bookings = upcomingBookings(code);
  if (bookings.length === 0) return null;
  return (
    <nav class="bk-card bk-mine" aria-label={bookTexts.myBookings}>
      <h2 class="bk-section__title">{bookTexts.myBookings}</h2>
      <ul>
        {bookings.map((b) => (
          <li key={b.token}>
            <a
              class="bk-link"
              href={bookingPath(b.token)}
              onClick={(event) => {
                event.preventDefault();
                navigate(bookingPath(b.token));
              }}
            >
              {dateTimeLabel(b.start, b.time_zone)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
