export type PushPermission = NotificationPermission | 'unsupported';

/** What the browser allows this site, read as it is now (no prompt). */
export function readPushPermission(): PushPermission {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  return window.Notification.permission;
}

/** The browser's answer in Russian, with what it means for the user. */
export const pushPermissionTexts: Record<PushPermission, { title: string; text: string }> = {
  granted: {
    title: 'Разрешены в этом браузере',
    text: 'Браузер показывает уведомления этого сайта.',
  },
  denied: {
    title: 'Запрещены в этом браузере',
    text: 'Уведомления этого сайта заблокированы. Разрешить их можно в настройках сайта в браузере.',
  },
  default: {
    title: 'Браузер ещё не спрашивал разрешения',
    text: 'Пока разрешения нет, браузер уведомления этого сайта не показывает.',
  },
  unsupported: {
    title: 'Браузер не поддерживает уведомления',
    text: 'Откройте CRM в другом браузере или установите приложение на телефон.',
  },
};
