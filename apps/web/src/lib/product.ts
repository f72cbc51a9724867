/** Product facts shown around the pages (login, shell, install page). */
export const product = {
  name: 'Автомойка CRM',
  shortName: 'Мойка CRM',
  tagline: 'Записи, боксы и клиенты вашей автомойки — в одном окне',
  /** News channel on the login page (S1 §1). The support contact comes from `GET /api/auth/config`. */
  channelUrl: 'https://t.me/carwash_crm_news',
  /** Used until `GET /api/auth/config` answers. */
  defaultSupportUrl: 'https://t.me/carwash_crm_support',
} as const;
