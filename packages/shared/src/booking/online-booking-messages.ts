// The online booking's Russian texts (issue 37). Kept apart from the zod schemas: the public booking page
// (its own small entry, no zod) imports these and the pure rules only.

/** «1 час», «30 минут», «1 день»: a notice or a cut-off as a driver reads it. */
export function durationWords(minutes: number): string {
  const plural = (n: number, one: string, few: string, many: string) => {
    const n10 = n % 10;
    const n100 = n % 100;
    if (n10 === 1 && n100 !== 11) return one;
    if (n10 >= 2 && n10 <= 4 && (n100 < 12 || n100 > 14)) return few;
    return many;
  };
  if (minutes > 0 && minutes % 1440 === 0) {
    const d = minutes / 1440;
    return `${d} ${plural(d, 'день', 'дня', 'дней')}`;
  }
  if (minutes > 0 && minutes % 60 === 0) {
    const h = minutes / 60;
    return `${h} ${plural(h, 'час', 'часа', 'часов')}`;
  }
  return `${minutes} ${plural(minutes, 'минута', 'минуты', 'минут')}`;
}

export const onlineBookingMessages = {
  // The public page.
  unavailable: 'Онлайн-запись временно недоступна',
  unavailableCall: 'Запишитесь по телефону',
  notFound: 'Страница записи не найдена',
  slotTaken: 'Это время уже заняли, выберите другое',
  nameRequired: 'Укажите имя',
  nameTooLong: 'Имя не длиннее 60 символов',
  tariffRequired: 'Выберите тариф',
  categoryRequired: 'Выберите тип автомобиля',
  categoryNotPriced: 'Этот тариф недоступен для выбранного типа автомобиля',
  timeRequired: 'Выберите время',
  consentRequired: 'Нужно согласие на обработку персональных данных',
  tooSoon: (notice: number) => `Записаться можно не позже чем за ${durationWords(notice)} до начала`,
  tooFar: (days: number) => `Запись открыта на ${durationWords(days * 1440)} вперёд`,
  tooManyOpen: (n: number) =>
    `На этот номер уже есть активные записи (${n}). Отмените одну из них или позвоните на мойку`,
  rateLimited: 'Слишком много попыток. Попробуйте через минуту',
  serviceUnavailable: 'Эта услуга недоступна для выбранного тарифа',
  noTimes: 'На этот день свободного времени нет',
  bookingNotFound: 'Запись не найдена',
  changeClosed: (cutoff: number) =>
    `Отменить или перенести запись можно не позже чем за ${durationWords(cutoff)} до начала. Позвоните на мойку`,
  cannotChange: 'Эту запись уже нельзя изменить',
  booked: 'Вы записаны',
  waiting: 'Ждёт подтверждения мойки',
  cancelled: 'Запись отменена',
  rescheduled: 'Запись перенесена',
  dataRemovalRequested: 'Запрос на удаление данных отправлен мойке',
  // The owner's settings.
  saved: 'Настройки онлайн-записи сохранены',
  tariffInvalid: 'Тариф не найден',
  daysAheadInvalid: 'Укажите от 1 до 90 дней',
  minNoticeInvalid: 'Укажите от 0 минут до 7 дней',
  cancelCutoffInvalid: 'Укажите от 0 минут до 7 дней',
  maxOpenInvalid: 'Укажите от 1 до 10 записей',
  dataRemoved: 'Данные клиента удалены',
} as const;

/** Status words of a driver's booking (`PublicBookingState`). */
export const publicBookingStateLabels = {
  waiting: 'Ждёт подтверждения',
  confirmed: 'Подтверждена',
  in_progress: 'Моем',
  done: 'Выполнена',
  cancelled: 'Отменена',
} as const;
