import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * What the database keeps instead of a random secret the server hands out (session tokens, stream
 * tickets, invitation tokens, Telegram link codes, sign-in states, the local provider's codes): its SHA-256
 * in hex, so a leaked table opens nothing. A plain hash is enough, no salt and no slow hash: each secret is
 * random bits, not a password someone chose.
 */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether two texts are equal, in a time that does not tell how much of them matched. */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
