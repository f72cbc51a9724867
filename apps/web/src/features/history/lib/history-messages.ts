/** Texts of the history page: S1 §8 where the spec has one, quoted exactly. */
export const historyMessages = {
  title: 'История заказов',
  /** S1 §8 «Orders». */
  loadFailed: 'Не удалось загрузить историю заказов. Попробуйте обновить страницу',
  emptyTitle: 'Заказов не найдено',
  emptyHint: 'Попробуйте изменить период, статусы или строку поиска.',
  emptyHintUnfiltered: 'За этот период заказов нет. Выберите другой период.',
  searchPlaceholder: 'Марка, модель, госномер или статус',
  statusPlaceholder: 'Все статусы',
} as const;
