/** Texts of the settings pages that the shared contract does not hold; S2 quotes are marked. */
export const settingsTexts = {
  title: 'Настройки станции',
  menuTitle: 'Станция',
  backToMenu: 'Настройки',
  readOnlyTitle: 'Только просмотр',
  readOnlyText:
    'Настройки станции меняют владелец и управляющий сети. Если нужно что-то поправить — обратитесь к ним.',
  save: 'Сохранить изменения',
  reset: 'Отменить изменения',
  /** S2 §2, §8. */
  notificationsDeniedTitle: 'Доступ ограничен',
  notificationsDeniedText: 'У вас нет доступа к настройкам уведомлений.',
  /** S2 §2 «Administrators / staff». */
  neverOnline: 'Не был в сети',
  noStaff: 'Нет добавленных администраторов',
} as const;

/** One line under each sub-page's heading: what the page is for. */
export const settingsPageHints = {
  info: 'Название, адрес на карте и часовой пояс станции',
  booking: 'Ссылка для онлайн-записи клиентов, заказы из Яндекса, оплата и слоты',
  boxes: 'Сколько боксов на станции и в каком они состоянии',
  pricing: 'В каких пределах клиент выбирает и оплачивает стоимость',
  admins: 'Кто работает на станции и когда заходил в CRM',
  notifications: 'О каких событиях станции приходят уведомления',
  integrations: 'Партнёры, которые присылают на станцию заказы, и последний обмен с ними',
} as const;
