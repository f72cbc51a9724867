import type { QueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@crm/shared';
import { currentUserQuery } from '../users/api/current-user';
import { forgetSignIn, storeSignIn } from './sign-in-storage';

/** S1 §4 step 2: the user id, redirect target and station are stored; the user is cached for the app. */
export function completeSignIn(queryClient: QueryClient, response: AuthResponse) {
  queryClient.clear();
  storeSignIn(response);
  queryClient.setQueryData(currentUserQuery(response.user.id).queryKey, {
    user: response.user,
    redirect_to: response.redirect_to,
  });
}

/** Forgets everything about the signed-in user on this device (logout, failed user load, 401). */
export function endSession(queryClient: QueryClient) {
  forgetSignIn();
  queryClient.clear();
}
