import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: unguessable, and short enough for a chat message or a QR code. */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps instead of the token: a leaked table hands out no invitations. A plain SHA-256
 * is enough (no salt, no slow hash) because the token is 256 random bits, not a password.
 */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
