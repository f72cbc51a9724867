// Plain constants and rules of orders (S1 §3, §4), kept apart from the zod schemas so the calendar's
// colour and label code loads no zod.

export const orderStatuses = [
  'Accepted',
  'Booked',
  'Processing',
  'Completed',
  'Canceled',
  'StationCanceled',
  'UserCanceled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const cancelledStatuses: readonly OrderStatus[] = ['Canceled', 'StationCanceled', 'UserCanceled'];
export const finalStatuses: readonly OrderStatus[] = ['Completed', ...cancelledStatuses];

export const orderStatusLabels: Record<OrderStatus, string> = {
  Accepted: 'Новый',
  Booked: 'Забронирован',
  Processing: 'В процессе',
  Completed: 'Завершен',
  Canceled: 'Отменен',
  StationCanceled: 'Отменен станцией',
  UserCanceled: 'Отменен клиентом',
};

export const orderTypes = ['Booking', 'BlockerBookingSlot', 'SelfService'] as const;
export type OrderType = (typeof orderTypes)[number];
export const orderTypeLabels: Record<OrderType, string> = {
  Booking: 'Бронирование',
  BlockerBookingSlot: 'Блокировка слота',
  SelfService: 'Самозапись',
};

export const orderSources = ['Own', 'Yandex', 'Benzuber'] as const;
export type OrderSource = (typeof orderSources)[number];
export const orderSourceLabels: Record<OrderSource, string> = {
  Own: 'Станция',
  Yandex: 'Яндекс',
  Benzuber: 'Benzuber',
};

/**
 * S1 §1: «the default source shown is Yandex» — a source this client does not know (a partner added later, an
 * old value) is read and shown as Yandex, never as its raw name or an error.
 */
export function normalizeOrderSource(source: string): OrderSource {
  return (orderSources as readonly string[]).includes(source) ? (source as OrderSource) : 'Yandex';
}

/** The Russian name of any source: «Яндекс» for one the client does not know (S1 §1). */
export function orderSourceLabel(source: string): string {
  return orderSourceLabels[normalizeOrderSource(source)];
}

/** An own order is one whose source name contains 'own' (S1 §1), compared case-insensitively. */
export function isOwnSource(source: string): boolean {
  return source.toLowerCase().includes('own');
}

export const paymentMethods = ['not_paid', 'paid_card', 'paid_cash', 'paid_sbp', 'paid'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  not_paid: 'Не оплачено',
  paid_card: 'Оплачено картой',
  paid_cash: 'Оплачено наличными',
  paid_sbp: 'Оплачено по СБП',
  paid: 'Оплачено онлайн',
};
/**
 * What staff may choose for an own order: card, cash or СБП (fast payment by QR, DESIGN §10); the generic
 * `paid` (online, at the partner) is for partner orders only (S1 §3).
 */
export const ownPaymentMethods: readonly PaymentMethod[] = ['not_paid', 'paid_card', 'paid_cash', 'paid_sbp'];

export const cancelReasons = ['NotWorking', 'TimeBusy', 'Other'] as const;
export type CancelReason = (typeof cancelReasons)[number];
export const cancelReasonLabels: Record<CancelReason, string> = {
  NotWorking: 'Станция не работает',
  TimeBusy: 'Время занято',
  Other: 'Другое',
};
export const defaultCancelReason: CancelReason = 'Other';

export function isFinalStatus(status: OrderStatus): boolean {
  return finalStatuses.includes(status);
}
export function isCancelledStatus(status: OrderStatus): boolean {
  return cancelledStatuses.includes(status);
}

/** The one forward step from a status (S1 §4): Accepted → Booked → Processing → Completed. */
export function nextStatus(status: OrderStatus): OrderStatus | null {
  switch (status) {
    case 'Accepted':
      return 'Booked';
    case 'Booked':
      return 'Processing';
    case 'Processing':
      return 'Completed';
    default:
      return null;
  }
}

/** Forward only, no skipped steps, finals final; cancel from any non-final status. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  if (isFinalStatus(from)) return false;
  if (isCancelledStatus(to)) return true;
  return nextStatus(from) === to;
}

/** The button that moves an order one step forward (S1 §4). */
export const nextStepLabels: Partial<Record<OrderStatus, string>> = {
  Accepted: 'Принять',
  Booked: 'Начать работу',
  Processing: 'Завершить',
};

/** Early-start threshold (S1 §9): starting more than 10 min before booking_start asks for confirmation. */
export const earlyStartMinutes = 10;

/**
 * Whether the step to `to` at `now` is "too early" and needs `skip_validation` (S1 §4): a start more
 * than 10 minutes before booking_start, a completion before booking_end.
 */
export function isEarlyStep(
  to: OrderStatus,
  order: { booking_start: string; booking_end: string },
  now: Date,
): boolean {
  if (to === 'Processing') {
    return Date.parse(order.booking_start) - now.getTime() > earlyStartMinutes * 60_000;
  }
  if (to === 'Completed') return now.getTime() < Date.parse(order.booking_end);
  return false;
}

/** Timeline labels of the details modal (S1 §2). */
export const orderTimelineLabels = {
  Accepted: 'Новая запись',
  Booked: 'Запись подтверждена',
  Processing: 'Запись в работе',
  Completed: 'Запись выполнена',
  Canceled: 'Запись отменена',
  StationCanceled: 'Запись отменена станцией',
  UserCanceled: 'Запись отменена пользователем',
} as const satisfies Record<OrderStatus, string>;

/** Order texts of the catalogue (S1 §2, §4, §5, §8), quoted exactly. */
export const orderMessages = {
  created: 'Заказ успешно создан',
  createFailed: 'Не удалось создать заказ',
  updated: 'Заказ успешно обновлен',
  updateFailed: 'Не удалось обновить заказ',
  dataUpdated: 'Данные успешно обновлены',
  dataUpdateFailed: 'Ошибка при обновлении данных',
  cancelled: 'Запись успешно отменена',
  cancelFailed: 'Не удалось отменить запись',
  statusUpdated: 'Статус заказа обновлен',
  statusTooEarly: 'Не удалось обновить статус заказа. Возможно вы хотите сменить статус слишком рано.',
  statusFailed: 'Не удалось обновить статус заказа. Попробуйте ещё раз.',
  accepted: 'Заказ успешно принят',
  acceptFailed: 'Ошибка при принятии заказа',
  declineFailed: 'Ошибка при отклонении заказа',
  listLoadFailed: 'Ошибка загрузки заказов. Попробуйте обновить страницу.',
  detailLoadFailed: 'Произошла ошибка при загрузке данных',
  detailDataFailed: 'Не удалось загрузить данные о записи',
  detailUnavailable: 'Информация о заказе недоступна',
  paymentDone: 'Оплата успешно оформлена!',
  paymentFailed: 'Ошибка при оформлении оплаты',
  ownOnly: 'Вы можете редактировать только собственные заказы',
  finalStatus: 'Заказ отменен, изменить статус невозможно',
  slotTaken: 'Время занято',
  slotBlocked: 'Слот заблокирован',
  selfBooking: 'Самозапись',
  loading: 'Загрузка заказов...',
  noWorkingDays: 'На этой неделе нет рабочих дней',
  noSchedule: 'График работы не настроен',
  overlapsTitle: 'Пересекающиеся записи',
  soon: 'Скоро начнется',
  earlyStartTitle: 'Ранний старт',
  earlyStartText: 'Вы уверены, что хотите начать работу более чем за 10 минут до запланированного времени?',
  earlyStartOk: 'Да, начать сейчас',
  earlyFinishTitle: 'Раннее завершение',
  earlyFinishText: 'Вы уверены, что хотите завершить заказ раньше запланированного времени?',
  earlyFinishOk: 'Да, завершить сейчас',
  cancel: 'Отмена',
  tariffRequired: 'Выберите тариф',
  brandRequiredNew: 'Введите марку автомобиля',
  brandRequiredEdit: 'Выберите марку автомобиля',
  modelRequiredNew: 'Введите модель автомобиля',
  modelRequiredEdit: 'Выберите модель автомобиля',
  dateRequired: 'Выберите дату',
  timeRequired: 'Выберите время',
  paymentRequired: 'Выберите метод оплаты',
  dateTimeRequired: 'Пожалуйста, выберите дату и время',
  plateFormat: 'Неверный формат номера. Пример: А123ВС77 или А123ВС777',
  commentMax: 'Комментарий не должен превышать 300 символов',
  amountMin: 'Сумма не может быть отрицательной',
  amountStep: 'Сумма должна быть кратна 50 ₽',
  amountChanged: '(изменено)',
  stationOrTariffMissing: 'Не выбрана станция или тариф',
  slotDurationMissing: 'Не настроена длительность слота',
  timesRequired: 'Время начала и окончания должны быть указаны',
  startInvalid: 'Некорректное время начала',
  endInvalid: 'Некорректное время окончания',
  rangeOrder: 'Время окончания должно быть позже времени начала',
  tariffInactive: 'Тариф недоступен',
  notSpecified: 'Не указано',
} as const;
