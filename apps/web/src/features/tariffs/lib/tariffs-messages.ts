/** Texts of the tariffs page: S2 §2 «Tariffs» and S2 §8 where the spec has one, quoted exactly. */
export const tariffsMessages = {
  title: 'Тарифы',
  /** S2 §2. */
  searchPlaceholder: 'Поиск тарифов...',
  ownTab: 'Мои тарифы',
  yandexTab: 'Яндекс тарифы',
  loadFailed: 'Ошибка загрузки тарифов',
  configFailed: 'Не удалось загрузить конфигурацию тарифа',
  retry: 'Повторить',
  /** S2 §4 badges. */
  active: 'Активен',
  inactive: 'Неактивен',
  /** S2 §2 «Additional services» empty text. */
  noExtras: 'Нет доступных дополнительных услуг',
  ownEmptyTitle: 'Собственных тарифов пока нет',
  ownEmptyText:
    'По собственным тарифам считаются заказы, которые вы записываете в CRM. Они появятся здесь, как только будут созданы.',
  yandexEmptyTitle: 'Тарифы Яндекса не подключены',
  yandexEmptyText:
    'Так быть не должно: тарифы Яндекса создаются при подключении станции. Пока их подключает поддержка — напишите нам, и мы всё настроим.',
  yandexInactiveTitle: 'Ни один тариф Яндекса не активен',
  yandexInactiveText:
    'Пока тарифы выключены, заказы из Яндекса на эту станцию не приходят. Включить их сейчас можно через поддержку.',
  nothingFound: 'Тарифы не найдены',
  nothingFoundText: 'Ни один тариф не подходит под запрос. Измените его или очистите поиск.',
  clearSearch: 'Очистить поиск',
  included: 'Входит в тариф',
  noIncluded: 'Услуги не указаны',
  extras: 'Дополнительные услуги',
  pricesCaption: 'Цена и время по категориям',
  extrasByClass: 'Цены по категориям',
  extrasSummary: 'Скрыть цены по категориям',
  category: 'Категория',
  duration: 'Время',
  price: 'Цена',
  service: 'Услуга',
  notPriced: '—',
  extraOff: 'не оказывается',
} as const;
