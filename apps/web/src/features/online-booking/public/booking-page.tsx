/** @jsxImportSource preact */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { onlineBookingMessages as m, type PublicStationCard } from '@crm/shared';
import { bookTexts } from './book-texts';
import { BookingForm } from './booking-form';
import { ErrorState, PhoneLink, Skeleton } from './book-ui';
import { PublicApiError, publicApi } from './public-api';
import { StationHeader } from './station-header';
import { MyBookings } from './my-bookings';

/** `/book/{code}`: the station's card, then the booking form (or why it is not there). */
export function BookingPage({ code }: { code: string }) {
  const [card, setCard] = useState<PublicStationCard | null>(null);
  const [error, setError] = useState<PublicApiError | null>(null);

  const load = useCallback(() => {
    setError(null);
    setCard(null);
    publicApi
      .station(code)
      .then(setCard, (cause: unknown) =>
        setError(
          cause instanceof PublicApiError ? cause : new PublicApiError(0, 'INTERNAL', bookTexts.unexpected),
        ),
      );
  }, [code]);
  useEffect(load, [load]);

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
      <StationHeader card={card} />
      <MyBookings code={code} />
      {card.enabled ? (
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
