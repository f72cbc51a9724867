// The public pages' addresses (the server answers each with book.html): the booking page, its privacy
// text and a booking's manage link.

export type BookRoute =
  | { page: 'book'; code: string }
  | { page: 'privacy'; code: string }
  | { page: 'booking'; token: string }
  | { page: 'unknown' };

export function parseBookRoute(pathname: string): BookRoute {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'book' && parts[1] && parts.length === 2) return { page: 'book', code: parts[1] };
  if (parts[0] === 'book' && parts[1] && parts[2] === 'privacy' && parts.length === 3)
    return { page: 'privacy', code: parts[1] };
  if (parts[0] === 'booking' && parts[1] && parts.length === 2) return { page: 'booking', token: parts[1] };
  return { page: 'unknown' };
}

export const bookPath = (code: string) => `/book/${encodeURIComponent(code)}`;
export const privacyPath = (code: string) => `/book/${encodeURIComponent(code)}/privacy`;
export const bookingPath = (token: string) => `/booking/${encodeURIComponent(token)}`;

/** `/book/{code}?preview=1`: the owner's preview from his «Онлайн-запись» settings. */
export const previewRequested = (search: string) => new URLSearchParams(search).get('preview') === '1';

/** Moves to another public page without a reload; the app listens for it (book-app.tsx). */
export function navigate(path: string) {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
  window.scrollTo?.(0, 0);
}
