/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import { onlineBookingMessages as m } from '@crm/shared';
import { parseBookRoute } from './book-route';
import { BookingPage } from './booking-page';
import { ErrorState } from './book-ui';
import { ManagePage } from './manage-page';
import { PrivacyPage } from './privacy-page';

/** The public pages (book.html): the booking page, its privacy text and the manage link. */
export function BookApp() {
  const [path, setPath] = useState(() => window.location.pathname);
  useEffect(() => {
    const onPop = () => setPath(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const route = parseBookRoute(path);
  return (
    <main class="bk-page" id="main">
      {route.page === 'book' ? (
        <BookingPage key={route.code} code={route.code} />
      ) : route.page === 'privacy' ? (
        <PrivacyPage code={route.code} />
      ) : route.page === 'booking' ? (
        <ManagePage key={route.token} token={route.token} />
      ) : (
        <ErrorState message={m.notFound} />
      )}
    </main>
  );
}
