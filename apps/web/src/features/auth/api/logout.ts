import { api } from '../../../lib/api-client';

/** `POST /api/logout` → 204: the server deletes the session and clears the cookie. */
export function postLogout(): Promise<void> {
  // Silent: a failed logout (already expired, offline) still ends the session on this device.
  return api<void>('/logout', { method: 'POST', silent: true, timeoutMs: 10_000 });
}
