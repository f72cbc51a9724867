/** Texts of the dashboard (S1 §2) and its analytics export (S2 §8), quoted exactly where the spec has them. */
export const dashboardMessages = {
  chooseStation: 'Выберите станцию',
  overviewTab: 'Обзор',
  providerAlertTitle: 'Подключите тарифы агрегатора',
  providerAlertText: 'Активируйте тарифы Яндекса, чтобы принимать заказы из приложения.',
  activate: 'Активировать',
  tgBannerTitle: 'Уведомления о заказах в Telegram',
  tgBannerText: 'Подключите бота, чтобы узнавать о новых заказах сразу.',
  newOrders: 'Новые заказы',
  newOrdersHint: 'Обновляются каждые 2 минуты',
  noNewOrders: 'Новых заказов нет',
  upcoming: 'Предстоящие',
  noUpcoming: 'Предстоящих заказов нет',
  processing: 'В работе',
  noProcessing: 'Сейчас ничего не моется',
  declineTitle: 'Отклонить заказ',
  declineReason: 'Причина отказа',
  accept: 'Принять',
  decline: 'Отклонить',
  newOrdersModalTitle: 'Новые заказы ждут ответа',
  ratingLoadFailed: 'Ошибка загрузки данных',
  noFiguresRight: 'Показатели доступны владельцу, управляющему и администратору',
  // S2 §8 «Dashboard export (station analytics)».
  exportLoadFailed: 'Ошибка загрузки данных',
  exportEmpty: 'Нет данных для экспорта',
  exportDone: 'Отчет успешно сформирован!',
  exportFailed: 'Не удалось создать Excel-отчет. Пожалуйста, попробуйте снова позже.',
} as const;

/** Key indicators of the dashboard, in display order. */
export const indicatorLabels = {
  all_orders: 'Заказы',
  revenue: 'Выручка (оплачено)',
  average_check: 'Средний чек',
  completed_percent: 'Выполнено',
  canceled_percent: 'Отменено',
  rating: 'Рейтинг станции',
} as const;
export type IndicatorKey = keyof typeof indicatorLabels;

export const analyticsRangeTooLong = 'Период не должен превышать 366 дней';
