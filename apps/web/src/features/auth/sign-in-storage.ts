import type { AuthResponse } from '@crm/shared';
import { clearSession, setBearerToken, setSessionUser } from '../../lib/session';
import { clearRegistrationCarwashId } from '../../lib/auth-redirect';
import { rememberStation } from '../../lib/selected-station';

/**
 * What a sign-in leaves on this device, without React: the login page (a page of its own) and the app's
 * `session-lifecycle.ts` both use it.
 */

/** S1 §4 step 2: the user id, the Telegram bearer token and the station are stored. */
export function storeSignIn(response: AuthResponse) {
  setSessionUser(response.user.id);
  setBearerToken(response.token ?? null);
  if (response.station_id) rememberStation(response.station_id);
  clearRegistrationCarwashId();
}

/** Forgets the signed-in user and the chosen station on this device. */
export function forgetSignIn() {
  clearSession();
  rememberStation(null);
}
