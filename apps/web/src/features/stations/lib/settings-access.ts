import { settingsPages, settingsPagesFor, type SettingsPage, type Station, type User } from '@crm/shared';
import { positionAt } from './station-access';

/** S2 §2: notification settings are for role admin and for users with push notifications allowed. */
export function canSeeNotificationSettings(user: User): boolean {
  return user.role === 'admin' || user.allow_push_notifications;
}

/** The sub-pages the caller may open at this station (the role-dependent list of S2 §2). */
export function allowedSettingsPages(user: User, station: Pick<Station, 'network_id'>): SettingsPage[] {
  return settingsPagesFor(positionAt(user, station), user.role === 'admin');
}

/**
 * The «Станция» menu: the allowed pages, without «Уведомления» for those S2 §2 keeps out of them — an
 * entry that only sends its user away would be a trap.
 */
export function settingsMenuPages(user: User, station: Pick<Station, 'network_id'>): SettingsPage[] {
  return allowedSettingsPages(user, station).filter(
    (page) => page !== 'notifications' || canSeeNotificationSettings(user),
  );
}

export function isSettingsPage(segment: string | undefined): segment is SettingsPage {
  return (settingsPages as readonly string[]).includes(segment ?? '');
}

/** The address of a sub-page, or of the menu itself. */
export function settingsPath(stationId: string, page?: SettingsPage): string {
  const base = `/station/${encodeURIComponent(stationId)}/settings`;
  return page ? `${base}/${page}` : base;
}
