import { authTimings, type AuthResponse, type AuthorizeBody } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/authorize`: exchanges the provider's code for a session (S1 §4 step 2). */
export function authorize(body: AuthorizeBody): Promise<AuthResponse> {
  return api<AuthResponse>('/authorize', {
    method: 'POST',
    body,
    // S1 §9 «Login timeout 60 s».
    timeoutMs: authTimings.loginTimeoutMs,
  });
}
