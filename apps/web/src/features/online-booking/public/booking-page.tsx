/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import { onlineBookingMessages as m } from '@crm/shared';
import { previewRequested } from './book-route';
import { bookTexts } from './book-texts';
import { BookingForm } from './booking-form';
import { ErrorState, PhoneLink, Skeleton } from './book-ui';
import { useStationCard } from './use-station-card';
import { StationHeader } from './station-header';
import { MyBookings } from './my-bookings';

/** `/book/{code}`: the station's card, then the booking form (or why it is not there). */
export function BookingPage({ code }: { code: string }) {
  const [preview] = useState(() => previewRequested(window.location.search));
  const { card, error, load } = useStationCard(code, preview);

  useEffect(() => {
    document.title = card ? `${bookTexts.pageTitle} — ${card.name}` : bookTexts.pageTitle;
  }, [card]);

  if (error) {
    if (error.status === 404) return <ErrorState message={m.notFound} />;
    return <ErrorState message={error.message} onRetry={load} />;
  }
  if (!card) return <Skeleton />;
  return (
    <>
      {card.preview && (
        <div class="bk-preview" role="note">
          <p class="bk-preview__title">
            {bookTexts.previewTitle} {bookTexts.previewNoBooking}
          </p>
          {!card.enabled && <p>{bookTexts.previewOff}</p>}
        </div>
      )}
      <StationHeader card={card} />
      {!card.preview && <MyBookings code={code} />}
      {card.enabled || card.preview ? (
        <BookingForm card={card} />
      ) : (
        <div class="bk-card bk-state" role="status">
          <p class="bk-state__title">{m.unavailable}</p>
          {card.phone && (
            <p>
              {m.unavailableCall}: <PhoneLink phone={card.phone} />
            </p>
          )}
        </div>
      )}
    </>
  );
}
