import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import {
  clearPendingStationAdminCallback,
  getPendingStationAdminCallback,
  getRegistrationCarwashId,
  openLoginPage,
  resolvePostLoginPath,
  takeRedirectPath,
} from '../../../lib/auth-redirect';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { authorize } from '../api/authorize';
import { completeSignIn } from '../session-lifecycle';

/**
 * Codes already sent in this page's life. React StrictMode runs effects twice and a code is single-use:
 * the duplicate attempt is ignored silently (S1 §8); the first one finishes the sign-in.
 */
const attemptedCodes = new Set<string>();

/** Tests share modules across files (src/test/setup.ts): a code another file sent may be sent again. */
export function resetAuthCallbackForTests() {
  attemptedCodes.clear();
}

function failureText(error: unknown): string {
  // Rate limiting and timeouts have their own words; every other failure is the spec's exchange message.
  if (error instanceof ApiError && (error.status === 429 || error.code === 'TIMEOUT')) {
    return error.code === 'TIMEOUT' ? messages.auth.timeout : error.message;
  }
  return messages.auth.codeExchangeFailed;
}

/** `/auth/callback?code=…&state=…`: exchanges the code for a session, then S1 §4 steps 3–5. */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const code = params.get('code');
  const state = params.get('state');

  useEffect(() => {
    // The login page shows why (S1 §4 step 6).
    const fail = (authError: string) => openLoginPage({ error: authError });
    if (!code || !state) {
      // The provider sends ?error=… when the person declined, or the link was opened by hand.
      fail(messages.auth.codeExchangeFailed);
      return;
    }
    if (attemptedCodes.has(code)) return;
    attemptedCodes.add(code);

    const carwashId = getRegistrationCarwashId();
    authorize({
      grant_type: 'authorization_code',
      code,
      state,
      redirect_uri: `${window.location.origin}/auth/callback`,
      ...(carwashId ? { carwash_id: carwashId } : {}),
    })
      .then((response) => {
        completeSignIn(queryClient, response);
        const pendingStationAdmin = getPendingStationAdminCallback();
        const target = resolvePostLoginPath({
          redirectTo: response.redirect_to,
          savedPath: takeRedirectPath(),
          pendingStationAdmin,
        });
        if (target.startsWith('/stationAdminCallback/')) clearPendingStationAdminCallback();
        // The signed-in layout sends an incomplete profile to /profile with its warning (step 5).
        void navigate(target, { replace: true });
      })
      .catch((error: unknown) => fail(failureText(error)));
  }, [code, state, navigate, queryClient]);

  return <LoadingOverlay context="auth" message={messages.auth.waiting} />;
}
