import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import { notificationTimings, type TelegramLink } from '@crm/shared';
import type { Database } from '../../db/client';
import { telegramLinkCodes, users } from '../../db/schema';
import { hashSecret } from '../../secrets';

/**
 * 192 random bits in base64url: 32 characters, inside Telegram's deep-link limit (64 of A-Za-z0-9_-), and
 * unguessable, so only the user who asked for the link can bind a chat to the account.
 */
export function newLinkCode(): string {
  return randomBytes(24).toString('base64url');
}

/** `POST /api/telegram/link`: a fresh one-time deep link for the signed-in user. */
export async function createTelegramLink(
  db: Database,
  userId: string,
  botName: string,
  now = new Date(),
): Promise<TelegramLink> {
  const code = newLinkCode();
  const expiresAt = new Date(now.getTime() + notificationTimings.telegramLinkMinutes * 60_000);
  await db.transaction(async (tx) => {
    // The user's spent codes are of no further use; dropping them keeps the table to live links.
    await tx
      .delete(telegramLinkCodes)
      .where(
        and(
          eq(telegramLinkCodes.userId, userId),
          or(isNotNull(telegramLinkCodes.usedAt), lt(telegramLinkCodes.expiresAt, now)),
        ),
      );
    await tx.insert(telegramLinkCodes).values({ codeHash: hashSecret(code), userId, expiresAt });
  });
  return { url: `https://t.me/${botName}?start=${code}`, expires_at: expiresAt.toISOString() };
}

/**
 * `/start <code>` from a private chat: spends the code and binds the chat's Telegram id to its user. An id
 * already bound to someone else moves (one chat, one account), in the same transaction. Null when the code
 * is unknown, spent or expired.
 */
export async function redeemTelegramLink(
  db: Database,
  code: string,
  telegramId: string,
  now = new Date(),
): Promise<{ userId: string } | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(code)) return null;
  return db.transaction(async (tx) => {
    // The conditional update is the claim: of two concurrent redemptions only one gets the row back.
    const [claimed] = await tx
      .update(telegramLinkCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(telegramLinkCodes.codeHash, hashSecret(code)),
          isNull(telegramLinkCodes.usedAt),
          gt(telegramLinkCodes.expiresAt, now),
        ),
      )
      .returning({ userId: telegramLinkCodes.userId });
    if (!claimed) return null;
    await tx
      .update(users)
      .set({ telegramId: null })
      .where(and(eq(users.telegramId, telegramId), ne(users.id, claimed.userId)));
    await tx.update(users).set({ telegramId }).where(eq(users.id, claimed.userId));
    return { userId: claimed.userId };
  });
}

/** `POST /api/telegram/unlink`: the caller's chat gets no more notifications. */
export async function unlinkTelegram(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ telegramId: null }).where(eq(users.id, userId));
}
