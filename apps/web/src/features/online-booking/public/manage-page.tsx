/** @jsxImportSource preact */
import { useCallback, useEffect, useState } from 'preact/hooks';
import {
  carClassLabels,
  onlineBookingMessages as m,
  publicBookingStateLabels,
  type PublicBooking,
} from '@crm/shared';
import { dateTimeLabel, formatPrice } from './book-format';
import { bookPath, navigate } from './book-route';
import { forgetBooking, rememberBooking } from './book-storage';
import { bookTexts } from './book-texts';
import { ErrorState, FieldError, PhoneLink, Skeleton } from './book-ui';
import { takeHandedBooking } from './booking-handoff';
import { CancelConfirm, Reschedule } from './manage-actions';
import { bookingIn, PublicApiError, publicApi } from './public-api';

/** While the station has not answered, the page asks again this often (and when the tab comes back). */
export const WAITING_POLL_MS = 30_000;

const headline: Record<PublicBooking['state'], string> = {
  waiting: m.waiting,
  confirmed: m.booked,
  in_progress: publicBookingStateLabels.in_progress,
  done: publicBookingStateLabels.done,
  cancelled: m.cancelled,
};
/** The state's sign beside its words (never colour alone): a clock, a tick or a cross. */
function StateMark({ state }: { state: PublicBooking['state'] }) {
  const path =
    state === 'cancelled'
      ? 'M7 7l10 10M17 7L7 17'
      : state === 'waiting'
        ? 'M12 7v5l3 2M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z'
        : 'M5 12.5l4.5 4.5L19 7.5';
  return (
    <span class="bk-status__mark" aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        stroke-width="2.4"
        stroke-linecap="round"
        stroke-linejoin="round"
      >
        <path d={path} />
      </svg>
    </span>
  );
}

const errorText = (cause: unknown) =>
  cause instanceof PublicApiError ? cause.message : bookTexts.unexpected;

/** `/booking/{token}`: the driver's booking, its state, and what he can still do with it. */
export function ManagePage({ token }: { token: string }) {
  const [booking, setBooking] = useState<PublicBooking | null>(() => takeHandedBooking(token));
  const [loadError, setLoadError] = useState<PublicApiError | null>(null);
  const [mode, setMode] = useState<null | 'reschedule' | 'cancel' | 'forget'>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const accept = useCallback(
    (next: PublicBooking) => {
      setBooking(next);
      if (next.state === 'cancelled') forgetBooking(token);
      else
        rememberBooking({
          token,
          code: next.station.code,
          station: next.station.name,
          start: next.booking_start,
          time_zone: next.station.time_zone,
        });
    },
    [token],
  );

  const reload = useCallback(async () => {
    try {
      accept(await publicApi.booking(token));
      setLoadError(null);
    } catch (cause) {
      setLoadError(
        cause instanceof PublicApiError ? cause : new PublicApiError(0, 'INTERNAL', bookTexts.unexpected),
      );
    }
  }, [token, accept]);

  useEffect(() => {
    if (!booking) void reload();
    // The first read only; later reads come from the poll and the tab's return.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  // The staff's «Принять» shows up here: read again when the tab comes back and, while waiting, every 30 s.
  const waiting = booking?.state === 'waiting';
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    const timer = waiting ? window.setInterval(() => void reload(), WAITING_POLL_MS) : undefined;
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      if (timer !== undefined) window.clearInterval(timer);
    };
  }, [reload, waiting]);

  useEffect(() => {
    document.title = booking ? `${headline[booking.state]} — ${booking.station.name}` : bookTexts.pageTitle;
  }, [booking]);

  if (loadError && !booking) {
    if (loadError.status === 404) return <ErrorState message={m.bookingNotFound} />;
    return <ErrorState message={loadError.message} onRetry={() => void reload()} />;
  }
  if (!booking) return <Skeleton />;

  const zone = booking.station.time_zone;
  const open = booking.state === 'waiting' || booking.state === 'confirmed';
  const cutoff = Math.max(
    0,
    Math.round((Date.parse(booking.booking_start) - Date.parse(booking.change_deadline)) / 60_000),
  );
  const car = [booking.car.brand, booking.car.model].filter(Boolean).join(' ');

  async function act(run: () => Promise<unknown>, done: string): Promise<boolean> {
    setBusy(true);
    setActionError(null);
    try {
      const answer = await run();
      const next = bookingIn(answer);
      if (next) accept(next);
      else await reload();
      setMode(null);
      setNotice(done);
      return true;
    } catch (cause) {
      setActionError(errorText(cause));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="bk-manage">
      <header class={`bk-card bk-status bk-status--${booking.state}`}>
        <p class="bk-station__eyebrow">{bookTexts.bookingNumber(booking.order_number)}</p>
        <h1 class="bk-status__title">
          <StateMark state={booking.state} />
          <span>{headline[booking.state]}</span>
        </h1>
        <p class="bk-status__badge">{publicBookingStateLabels[booking.state]}</p>
      </header>
      <p class="bk-notice" role="status" aria-live="polite">
        {notice ?? ''}
      </p>

      <dl class="bk-card bk-details">
        <div>
          <dt>{bookTexts.when}</dt>
          <dd>{dateTimeLabel(booking.booking_start, zone)}</dd>
        </div>
        <div>
          <dt>{bookTexts.where}</dt>
          <dd>
            {booking.station.name}, {booking.station.address}{' '}
            <a class="bk-link" href={booking.station.map_url} target="_blank" rel="noopener noreferrer">
              {bookTexts.map}
            </a>
          </dd>
        </div>
        <div>
          <dt>{bookTexts.car}</dt>
          <dd>
            {car ? `${car} · ` : ''}
            {carClassLabels[booking.car.category]}
          </dd>
        </div>
        <div>
          <dt>{bookTexts.tariff}</dt>
          <dd>{booking.tariff_name}</dd>
        </div>
        {booking.services.length > 0 && (
          <div>
            <dt>{bookTexts.services}</dt>
            <dd>{booking.services.map((s) => `${s.name} (${formatPrice(s.price)})`).join(', ')}</dd>
          </div>
        )}
        <div>
          <dt>{bookTexts.price}</dt>
          <dd>
            <strong>{formatPrice(booking.price)}</strong>
          </dd>
        </div>
        {booking.station.phone && (
          <div>
            <dt>{bookTexts.stationPhone}</dt>
            <dd>
              <PhoneLink phone={booking.station.phone} />
            </dd>
          </div>
        )}
      </dl>

      <div class="bk-actions bk-actions--main">
        {open && (
          <a class="bk-button" href={publicApi.calendarUrl(token)} download>
            {bookTexts.addToCalendar}
          </a>
        )}
        {open && booking.can_change && mode === null && (
          <>
            <button type="button" class="bk-button" onClick={() => setMode('reschedule')}>
              {bookTexts.reschedule}
            </button>
            <button type="button" class="bk-button bk-button--danger" onClick={() => setMode('cancel')}>
              {bookTexts.cancel}
            </button>
          </>
        )}
      </div>
      {open && !booking.can_change && <p class="bk-hint bk-card">{m.changeClosed(cutoff)}</p>}

      {mode === 'reschedule' && (
        <Reschedule
          booking={booking}
          busy={busy}
          onCancel={() => setMode(null)}
          onConfirm={(start) => act(() => publicApi.reschedule(token, start), m.rescheduled)}
          error={actionError}
        />
      )}
      {mode === 'cancel' && (
        <CancelConfirm
          busy={busy}
          error={actionError}
          onNo={() => setMode(null)}
          onYes={(reason) => act(() => publicApi.cancel(token, reason), m.cancelled)}
        />
      )}

      <div class="bk-forget">
        {booking.data_removal_requested ? (
          <p>{m.dataRemovalRequested}</p>
        ) : mode === 'forget' ? (
          <div role="group" aria-labelledby="bk-forget-text">
            <p id="bk-forget-text">{bookTexts.forgetConfirm}</p>
            <div class="bk-actions">
              <button
                type="button"
                class="bk-button bk-button--danger"
                disabled={busy}
                onClick={() => act(() => publicApi.forget(token), m.dataRemovalRequested)}
              >
                {bookTexts.forgetYes}
              </button>
              <button type="button" class="bk-button" onClick={() => setMode(null)}>
                {bookTexts.forgetNo}
              </button>
            </div>
            <FieldError id="bk-forget-error" message={actionError ?? undefined} />
          </div>
        ) : (
          <button
            type="button"
            class="bk-button bk-button--text"
            onClick={() => {
              setActionError(null);
              setMode('forget');
            }}
          >
            {bookTexts.forget}
          </button>
        )}
      </div>

      <p class="bk-footer-link">
        <a
          class="bk-link"
          href={bookPath(booking.station.code)}
          onClick={(event) => {
            event.preventDefault();
            navigate(bookPath(booking.station.code));
          }}
        >
          {bookTexts.bookAgain}
        </a>
      </p>
    </div>
  );
}
