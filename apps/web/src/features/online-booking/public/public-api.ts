import type {
  CarCollectionResponse,
  PublicAvailability,
  PublicBooking,
  PublicBookingCreate,
  PublicBookingCreated,
  PublicStationCard,
} from '@crm/shared';
import { bookTexts } from './book-texts';

/**
 * The public booking page's own calls (issue 37): no session, no X-User-Id, no failure reports — a
 * driver's page, not the staff app's client (lib/api-client.ts), and no zod: the answers are trusted
 * as the contract types them. Errors come as the API's one shape `{error: {code, message, fields?}}`.
 */
export class PublicApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'PublicApiError';
  }
}

async function call<T>(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; withSession?: boolean } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/public${path}`, {
      method: init.method ?? 'GET',
      headers:
        init.body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      // Only the owner's preview sends the session cookie (same origin); a driver's calls never do.
      credentials: init.withSession ? 'same-origin' : 'omit',
    });
  } catch {
    throw new PublicApiError(0, 'NETWORK', bookTexts.network);
  }
  const data = (await response.json().catch(() => null)) as unknown;
  if (response.ok) return data as T;
  const error = (data as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | null)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    const fields =
      error.fields && typeof error.fields === 'object' ? (error.fields as Record<string, string>) : {};
    throw new PublicApiError(response.status, error.code, error.message, fields);
  }
  throw new PublicApiError(response.status, 'INTERNAL', bookTexts.unexpected);
}

const code = (value: string) => encodeURIComponent(value);

export const publicApi = {
  /** `preview`: the owner's preview of his page (`?preview=1`, with his session). */
  station: (stationCode: string, preview = false) =>
    call<PublicStationCard>(`/book/${code(stationCode)}${preview ? '?preview=1' : ''}`, {
      withSession: preview,
    }),
  cars: () => call<CarCollectionResponse>('/cars'),
  availability: (
    stationCode: string,
    query: { date: string; tariff_id: string; car_category: string; services: readonly string[] },
    preview = false,
  ) => {
    const params = new URLSearchParams({
      date: query.date,
      tariff_id: query.tariff_id,
      car_category: query.car_category,
    });
    if (query.services.length) params.set('services', query.services.join(','));
    if (preview) params.set('preview', '1');
    return call<PublicAvailability>(`/book/${code(stationCode)}/availability?${params.toString()}`, {
      withSession: preview,
    });
  },
  book: (stationCode: string, body: PublicBookingCreate) =>
    call<PublicBookingCreated>(`/book/${code(stationCode)}/bookings`, { method: 'POST', body }),
  booking: (token: string) => call<PublicBooking>(`/bookings/${code(token)}`),
  cancel: (token: string, reason?: string) =>
    call<unknown>(`/bookings/${code(token)}/cancel`, { method: 'POST', body: reason ? { reason } : {} }),
  reschedule: (token: string, bookingStart: string) =>
    call<unknown>(`/bookings/${code(token)}/reschedule`, {
      method: 'POST',
      body: { booking_start: bookingStart },
    }),
  forget: (token: string) => call<unknown>(`/bookings/${code(token)}/forget`, { method: 'POST', body: {} }),
  calendarUrl: (token: string) => `/api/public/bookings/${code(token)}/calendar.ics`,
};

/** A changed booking as an answer carries it (or nothing: the page then reads it again). */
export function bookingIn(answer: unknown): PublicBooking | null {
  if (!answer || typeof answer !== 'object') return null;
  if ('state' in answer && 'booking_start' in answer) return answer as PublicBooking;
  const inner = (answer as { booking?: unknown }).booking;
  return inner && typeof inner === 'object' && 'state' in inner ? (inner as PublicBooking) : null;
}
