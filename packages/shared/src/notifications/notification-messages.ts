// Texts and timings of notifications, apart from their schemas: screens that only show them (the
// dashboard's Telegram banner, the bell) load no zod for them (issue 15).

/** Lifetimes and pacing (S2 §9 and issue 14). */
export const notificationTimings = {
  telegramLinkMinutes: 15,
  /** The wizard and settings poll the user record while linking Telegram (S2 §9). */
  telegramPollMs: 15_000,
  /** «Скоро начнётся» (S1 §9 order card 'soon' marker). */
  soonMinutes: 30,
} as const;

export const notificationMessages = {
  enabled: 'Уведомления включены',
  disabled: 'Уведомления отключены',
  unsupported: 'Ваш браузер не поддерживает push уведомления. Добавьте приложение на главный экран',
  subscriptionFailed: 'Не удалось получить подписку. Возможно, вы не дали разрешение.',
  deniedTitle: 'Доступ ограничен',
  deniedText: 'У вас нет доступа к настройкам уведомлений.',
  settingsSaved: 'Настройки успешно обновлены',
  telegramNotConfigured: 'Бот Telegram не настроен на этом сервере',
  telegramConnected: 'Telegram подключён',
  telegramNotYet: 'Telegram ещё не подключён: откройте бота и нажмите «Запустить»',
  webhookSecret: 'Неверный секрет вебхука',
} as const;
