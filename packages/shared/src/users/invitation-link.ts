// The invitation link's shape, without zod: the web's login page builds it and must not load zod (issue 15).

/**
 * The fragment that carries the token in an invitation link. A fragment is never sent to a server, so the
 * token stays out of request logs and Referer headers (docs/decisions.md «Invitations»).
 */
export const invitationFragmentKey = 'invite';

/** `/stationAdminCallback/{stationId}#invite=<token>`: the spec's route (S1 §2) plus the secret. */
export function invitationPath(stationId: string, token: string): string {
  return `/stationAdminCallback/${encodeURIComponent(stationId)}#${invitationFragmentKey}=${encodeURIComponent(token)}`;
}

/** The token in a location hash (`#invite=…`), or null. */
export function invitationTokenFromHash(hash: string): string | null {
  // By hand: this package runs without DOM or Node types, so without URLSearchParams.
  for (const part of hash.replace(/^#/, '').split('&')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq) !== invitationFragmentKey) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1)) || null;
    } catch {
      return null;
    }
  }
  return null;
}
