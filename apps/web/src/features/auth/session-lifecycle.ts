import type { QueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@crm/shared';
import { clearSession, setBearerToken, setSessionUser } from '../../lib/session';
import { clearRegistrationCarwashId } from '../../lib/auth-redirect';
import { rememberStation } from '../../app/selected-station';
import { currentUserQuery } from '../users/api/current-user';

/** S1 §4 step 2: the user id, redirect target and station are stored. */
export function completeSignIn(queryClient: QueryClient, response: AuthResponse) {
  queryClient.clear();
  setSessionUser(response.user.id);
  setBearerToken(response.token ?? null);
  queryClient.setQueryData(currentUserQuery(response.user.id).queryKey, {
    user: response.user,
    redirect_to: response.redirect_to,
  });
  if (response.station_id) rememberStation(response.station_id);
  clearRegistrationCarwashId();
}

/** Forgets everything about the signed-in user on this device (logout, failed user load, 401). */
export function endSession(queryClient: QueryClient) {
  clearSession();
  rememberStation(null);
  queryClient.clear();
}
