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

/**
 * What an invitation gives, said where it is made and where it is taken: the server adds the invitee to
 * the station's whole network (redeemInvitation: a membership of the network, not of one station), so
 * the text names the network and says it is every station of it, not only the one the link was made in.
 */
export function invitationAccessText(
  networkName: string | null,
  stationCount: number | null,
  subject: 'Ссылка' | 'Приглашение' = 'Ссылка',
): string {
  const network = networkName ? `сети «${networkName}»` : 'сети этой станции';
  if (stationCount === null)
    return `${subject} даёт доступ ко всей ${network} — ко всем её станциям, а не только к этой.`;
  if (stationCount <= 1) {
    return `${subject} даёт доступ ко всей ${network}: сейчас в ней одна станция, а станции, добавленные позже, сотрудник тоже увидит.`;
  }
  return `${subject} даёт доступ ко всей ${network} — ко всем её станциям (сейчас их ${stationCount}), а не только к этой.`;
}

/** Who invites whom where, for the invitee's sign-in page; the inviter may be a deleted user (null). */
export function invitationGreetingText(preview: {
  inviter: string | null;
  networkName: string;
  stationName: string;
  positionLabel: string;
}): string {
  const who = preview.inviter ? `${preview.inviter} приглашает вас` : 'Вас приглашают';
  return `${who} в сеть «${preview.networkName}» (станция «${preview.stationName}») на должность «${preview.positionLabel}».`;
}
