import type { PartnerSource } from '@crm/shared';

/** The partners' Russian texts that `partnerMessages` (shared with the server) does not hold. */
export const partnerLabels = {
  // Admin page «Партнёры».
  title: 'Партнёры',
  subtitle:
    'Источники заказов, подключённые к CRM по API: регистрация, секреты подписи и доставка уведомлений',
  add: 'Добавить партнёра',
  addTitle: 'Новый партнёр',
  editTitle: 'Партнёр',
  save: 'Сохранить',
  cancel: 'Отмена',
  name: 'Название',
  namePlaceholder: 'Например, Яндекс Заправки',
  source: 'Чьи заказы',
  sourceHelp: 'Так заказы партнёра будут отмечены в календаре и истории',
  sourceAuto: 'Определить по названию',
  callbackUrl: 'Адрес для уведомлений',
  callbackUrlHelp: 'Сюда CRM отправляет подписанные уведомления о статусе заказов',
  health: 'Доставка',
  lastSuccess: 'Последняя доставка',
  failuresWaiting: 'Ждут повтора',
  oldestUndelivered: 'Старейшее недоставленное',
  never: 'ещё не было',
  none: 'нет',
  stations: 'Станций',
  actions: 'Действия',
  edit: 'Изменить',
  rotate: 'Выпустить новый секрет',
  rotateConfirmTitle: 'Выпустить новый секрет?',
  rotateConfirmText:
    'Партнёру нужно будет перейти на новый секрет. Старый продолжит действовать ещё 24 часа, затем перестанет.',
  rotateOk: 'Выпустить',
  previousValidUntil: 'Старый секрет действует до',
  loading: 'Загрузка партнёров…',
  loadFailed: 'Не удалось загрузить партнёров',
  saved: 'Данные партнёра сохранены',
  saveFailed: 'Не удалось сохранить партнёра',
  rotateFailed: 'Не удалось выпустить новый секрет',
  // The secret, shown once.
  secretTitle: 'Секрет подписи',
  secretDone: 'Я сохранил секрет',
  secretCopy: 'Копировать',
  secretCopied: 'Секрет скопирован',
  // Station settings «Интеграции».
  connections: 'Подключённые партнёры',
  noConnections: 'Станция ещё не подключена ни к одному партнёру',
  partnerStationId: 'Номер станции у партнёра',
  partnerStationIdHelp: 'Идентификатор этой станции в системе партнёра (например, carwash_id)',
  enabled: 'Принимать заказы',
  enabledOn: 'Включено',
  enabledOff: 'Выключено',
  connectTitle: 'Подключить партнёра',
  partner: 'Партнёр',
  connect: 'Подключить',
  allConnected: 'Станция подключена ко всем зарегистрированным партнёрам',
  integrationsLoadFailed: 'Не удалось загрузить интеграции',
  toggleFailed: 'Не удалось изменить подключение',
  connectFailed: 'Не удалось подключить партнёра',
  // «Последний обмен».
  deliveries: 'Последний обмен',
  deliveriesHint: '50 последних запросов и уведомлений, новые сверху; время станции',
  time: 'Время',
  direction: 'Направление',
  kind: 'Событие',
  order: 'Заказ',
  result: 'Результат',
  attempts: 'Попыток',
} as const;

export const partnerSourceLabels: Record<PartnerSource, string> = {
  Yandex: 'Яндекс',
  Benzuber: 'Benzuber',
};

export const deliveryDirectionLabels = {
  in: 'Запрос партнёра',
  out: 'Уведомление партнёру',
} as const;

/** What a request (in) or a callback (out) was about; an unknown kind is shown as it came. */
const deliveryKindLabels: Readonly<Record<string, string>> = {
  'booking.create': 'Новый заказ',
  'booking.cancel': 'Отмена клиентом',
  'booking.reschedule': 'Перенос',
  'booking.get': 'Запрос статуса',
  availability: 'Запрос свободного времени',
  'booking.accepted': 'Принят',
  'booking.declined': 'Отклонён',
  'booking.started': 'Начат',
  'booking.completed': 'Завершён',
  'booking.cancelled': 'Отменён станцией',
  'booking.paid': 'Оплачен',
};

export function deliveryKindLabel(kind: string): string {
  return Object.hasOwn(deliveryKindLabels, kind) ? deliveryKindLabels[kind]! : kind;
}

/** «Доставлено» for our callback, «Принят» for the partner's request we answered. */
export const deliveryResultLabels = {
  ok: { in: 'Принят', out: 'Доставлено' },
  failed: 'Ошибка',
  pending: 'В очереди',
} as const;
