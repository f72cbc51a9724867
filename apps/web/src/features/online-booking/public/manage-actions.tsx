/** @jsxImportSource preact */
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { onlineBookingMessages as m, type PublicBooking, type PublicStationCard } from '@crm/shared';
import { dayRange, localDateOf, shortDateTimeLabel, startInstant } from './book-format';
import { bookTexts } from './book-texts';
import { ErrorState, FieldError, Skeleton } from './book-ui';
import { DayStrip, TimeButtons } from './flow-parts';
import { PublicApiError, publicApi } from './public-api';
import { useFreeTimes } from './use-free-times';

// The manage page's two confirmations: cancelling and moving a booking.

const errorText = (cause: unknown) =>
  cause instanceof PublicApiError ? cause.message : bookTexts.unexpected;

export function CancelConfirm(props: {
  busy: boolean;
  error: string | null;
  onYes: (reason?: string) => void;
  onNo: () => void;
}) {
  const [reason, setReason] = useState('');
  const first = useRef<HTMLTextAreaElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div class="bk-card bk-confirm-box" role="group" aria-labelledby="bk-cancel-title">
      <h2 class="bk-section__title" id="bk-cancel-title">
        {bookTexts.cancelConfirm}
      </h2>
      <div class="bk-field">
        <label for="bk-cancel-reason">{bookTexts.cancelReason}</label>
        <textarea
          id="bk-cancel-reason"
          ref={first}
          class="bk-input"
          maxLength={300}
          rows={2}
          value={reason}
          onInput={(event) => setReason(event.currentTarget.value)}
        />
      </div>
      <div class="bk-actions">
        <button
          type="button"
          class="bk-button bk-button--danger"
          disabled={props.busy}
          onClick={() => props.onYes(reason.trim() || undefined)}
        >
          {bookTexts.cancelYes}
        </button>
        <button type="button" class="bk-button" onClick={props.onNo}>
          {bookTexts.cancelNo}
        </button>
      </div>
      <FieldError id="bk-cancel-error" message={props.error ?? undefined} />
    </div>
  );
}

/** «Перенести»: the station's days and free times for the same wash, then a confirmation. */
export function Reschedule(props: {
  booking: PublicBooking;
  busy: boolean;
  error: string | null;
  onConfirm: (start: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const { booking } = props;
  const [card, setCard] = useState<PublicStationCard | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const loadCard = useCallback(() => {
    setCardError(null);
    publicApi.station(booking.station.code).then(setCard, (cause: unknown) => setCardError(errorText(cause)));
  }, [booking.station.code]);
  useEffect(loadCard, [loadCard]);
  const days = useMemo(() => (card ? dayRange(card.today, card.days_ahead) : []), [card]);
  const services = useMemo(() => booking.services.map((s) => s.key), [booking.services]);
  const free = useFreeTimes({
    code: booking.station.code,
    tariffId: card ? booking.tariff_id : null,
    category: booking.car.category,
    services,
    days,
  });
  const zone = booking.station.time_zone;
  const chosen = start && free.times?.includes(start) ? start : null;
  const current = localDateOf(booking.booking_start, zone);

  if (cardError) return <ErrorState message={cardError} onRetry={loadCard} />;
  if (!card) return <Skeleton />;
  return (
    <section class="bk-card bk-reschedule" aria-labelledby="bk-reschedule-title">
      <h2 class="bk-section__title" id="bk-reschedule-title">
        {bookTexts.rescheduleHeading}
      </h2>
      <DayStrip
        days={days}
        today={card.today}
        selected={free.date}
        empty={free.emptyDays}
        onSelect={(day) => free.pickDay(day)}
      />
      <div class="bk-times-area" aria-busy={free.loading}>
        {free.loading && !free.times ? (
          <p class="bk-hint" role="status">
            {bookTexts.timesLoading}
          </p>
        ) : free.error ? (
          <ErrorState message={free.error} onRetry={() => void free.refresh()} />
        ) : free.times && free.times.length > 0 ? (
          <TimeButtons
            times={free.times.filter(
              (t) =>
                !(
                  free.date === current &&
                  startInstant(t, free.date, zone) === new Date(booking.booking_start).toISOString()
                ),
            )}
            timeZone={zone}
            selected={chosen}
            onSelect={setStart}
          />
        ) : free.times ? (
          <p class="bk-hint">{free.noneAhead ? bookTexts.noTimesAhead : m.noTimes}</p>
        ) : null}
      </div>
      <div class="bk-actions">
        <button
          type="button"
          class="bk-button bk-button--primary"
          disabled={!chosen || props.busy}
          onClick={async () => {
            if (!chosen || !free.date) return;
            // «Это время уже заняли»: the times are read again, the message stays under them.
            if (!(await props.onConfirm(startInstant(chosen, free.date, zone)))) await free.refresh();
          }}
        >
          {chosen && free.date
            ? bookTexts.rescheduleConfirm(shortDateTimeLabel(startInstant(chosen, free.date, zone), zone))
            : bookTexts.reschedule}
        </button>
        <button type="button" class="bk-button" onClick={props.onCancel}>
          {bookTexts.keep}
        </button>
      </div>
      <FieldError id="bk-reschedule-error" message={props.error ?? undefined} />
    </section>
  );
}
