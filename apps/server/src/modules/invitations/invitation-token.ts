import { randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: unguessable, and short enough for a chat message or a QR code. */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}
