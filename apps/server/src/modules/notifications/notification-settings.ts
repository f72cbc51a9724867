import { eq } from 'drizzle-orm';
import { notificationMessages, withDefaultSettings, type NotificationSettings } from '@crm/shared';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { forbidden, notFound } from '../../plugins/errors';

/**
 * S1 §6 / S2 §2: notification settings are for role admin and for users allowed push notifications —
 * the web's `canSeeNotificationSettings`, applied here too so the page's rule is not the only guard.
 */
export function canManageNotificationSettings(user: { role: string; allowPushNotifications: boolean }) {
  return user.role === 'admin' || user.allowPushNotifications;
}

async function settingsHolder(db: Database, userId: string) {
  const [user] = await db
    .select({
      role: users.role,
      allowPushNotifications: users.allowPushNotifications,
      notificationSettings: users.notificationSettings,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  if (!canManageNotificationSettings(user)) throw forbidden(notificationMessages.deniedText);
  return user;
}

/** The caller's settings, defaults filled in. */
export async function readNotificationSettings(db: Database, userId: string): Promise<NotificationSettings> {
  return withDefaultSettings((await settingsHolder(db, userId)).notificationSettings);
}

export async function saveNotificationSettings(
  db: Database,
  userId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  await settingsHolder(db, userId);
  await db.update(users).set({ notificationSettings: settings }).where(eq(users.id, userId));
  return withDefaultSettings(settings);
}

/** What the status call tells anyone about themselves: settings (the push toggle shows them) and Telegram. */
export async function notificationProfileOf(db: Database, userId: string) {
  const [user] = await db
    .select({ notificationSettings: users.notificationSettings, telegramId: users.telegramId })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  return { settings: withDefaultSettings(user.notificationSettings), telegramConnected: !!user.telegramId };
}
