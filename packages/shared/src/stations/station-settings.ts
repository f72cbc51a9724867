// Pure rules of the station settings pages (S2 §2 «Station settings», §4 «Schedule», §5 «Pricing limits»,
// «Schedule»), shared by the forms and `POST /api/station/update/{id}`. No zod here: pages load it lazily.
import type { Position } from '../users/roles';
import { toMinutes } from '../time/time-of-day';
import { endOfDayMinutes, weekDays, type WeekDay, type WorktimeByDay } from './week';

/** S2 §5 «Pricing limits», quoted exactly. */
export const pricingLimitsMessages = {
  minRequired: 'Укажите минимальную стоимость',
  maxRequired: 'Укажите максимальную стоимость',
  negative: 'Стоимость не может быть отрицательной',
  maxAboveMin: 'Максимальная стоимость должна быть больше минимальной',
  stepRequired: 'Укажите шаг',
  stepPositive: 'Шаг должен быть больше 0',
  stepTooLarge: 'Шаг не может быть больше разницы между максимальной и минимальной стоимостью',
} as const;

/** Pricing and payment fields range 0–999999 (S2 §9). */
export const PRICE_LIMIT_MAX = 999_999;

export interface PricingLimits {
  limitMinCost: number;
  limitMaxCost: number;
  stepCost: number;
}

/** The first broken rule of each field, or an empty object. Inputs are whole rubles. */
export function pricingLimitsErrors(v: PricingLimits): Partial<Record<keyof PricingLimits, string>> {
  const errors: Partial<Record<keyof PricingLimits, string>> = {};
  if (v.limitMinCost < 0) errors.limitMinCost = pricingLimitsMessages.negative;
  if (v.limitMaxCost < 0) errors.limitMaxCost = pricingLimitsMessages.negative;
  else if (v.limitMaxCost <= v.limitMinCost) errors.limitMaxCost = pricingLimitsMessages.maxAboveMin;
  if (v.stepCost < 1) errors.stepCost = pricingLimitsMessages.stepPositive;
  else if (!errors.limitMaxCost && v.stepCost > v.limitMaxCost - v.limitMinCost) {
    errors.stepCost = pricingLimitsMessages.stepTooLarge;
  }
  return errors;
}

/** S2 §5 «Schedule», quoted exactly; `{day}` is the day in the genitive («для субботы»). */
export const scheduleMessages = {
  noDays: 'Выберите хотя бы один день работы',
  dayHoursRequired: 'Укажите время работы для {day}',
  endBeforeStart: 'Время окончания работы не может быть раньше времени начала для {day}',
  leaveTitle: 'Покинуть страницу без сохранения?',
  leaveText: 'Вы не сохранили ваши изменения',
  leaveOk: 'Да, продолжить',
  leaveCancel: 'Нет, сохраню',
  saved: 'Настройки успешно обновлены',
  saveFailed: 'Ошибка при обновлении настроек',
} as const;

/** «для понедельника», «для субботы»: the form the schedule messages need. */
export const weekDayGenitive: Record<WeekDay, string> = {
  Monday: 'понедельника',
  Tuesday: 'вторника',
  Wednesday: 'среды',
  Thursday: 'четверга',
  Friday: 'пятницы',
  Saturday: 'субботы',
  Sunday: 'воскресенья',
};

/** S2 §5: hours every enabled day starts with, filled in on save when a day has none. */
export const DEFAULT_DAY_HOURS = { start: '09:00', end: '21:00' } as const;

/** The time slider (S2 §5): minutes 0–1439 in steps of 15, default 600–1140; 1440 is shown as 23:59. */
export const scheduleSlider = { min: 0, max: 1440, step: 15, defaultRange: [600, 1140] } as const;

/** A slider position as HH:mm: 1440 (the end of the day) is written 23:59 (S2 §5). */
export function sliderToTime(minutes: number): string {
  const m = Math.max(0, Math.min(1440, Math.round(minutes)));
  if (m >= 1440) return '23:59';
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** HH:mm as a slider position: 23:59 is the end of the day (1440). */
export function timeToSlider(time: string): number {
  return time === '23:59' ? 1440 : toMinutes(time);
}

/**
 * The schedule rules of S2 §5 for the editor's `daysOfWork` and `worktime_by_day`: keyed `daysOfWork`
 * or `end_{Day}` / `start_{Day}`. Empty when the schedule can be saved.
 */
export function scheduleErrors(
  daysOfWork: readonly WeekDay[],
  worktime: WorktimeByDay,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (daysOfWork.length === 0) errors.daysOfWork = scheduleMessages.noDays;
  for (const day of weekDays) {
    if (!daysOfWork.includes(day)) continue;
    const start = worktime[`start_${day}`];
    const end = worktime[`end_${day}`];
    const name = weekDayGenitive[day];
    if (!start || !end) {
      errors[`start_${day}`] = scheduleMessages.dayHoursRequired.replace('{day}', name);
    } else if (endOfDayMinutes(end) <= toMinutes(start)) {
      errors[`end_${day}`] = scheduleMessages.endBeforeStart.replace('{day}', name);
    }
  }
  return errors;
}

/**
 * What is saved: only the working days, in week order, each with its hours or the default 09:00–21:00
 * when it has none (S2 §5 «filled in on save»).
 */
export function scheduleToSave(daysOfWork: readonly WeekDay[], worktime: WorktimeByDay): WorktimeByDay {
  const next: WorktimeByDay = {};
  for (const day of weekDays) {
    if (!daysOfWork.includes(day)) continue;
    next[`start_${day}`] = worktime[`start_${day}`] || DEFAULT_DAY_HOURS.start;
    next[`end_${day}`] = worktime[`end_${day}`] || DEFAULT_DAY_HOURS.end;
  }
  return next;
}

/** The station settings sub-pages (S2 §2), in menu order. */
export const settingsPages = [
  'info',
  'booking',
  'schedule',
  'boxes',
  'pricing',
  'legalInfo',
  'admins',
  'notifications',
  // Issue 36: the station's connections to order partners (Яндекс, Benzuber); managers only.
  'integrations',
] as const;
export type SettingsPage = (typeof settingsPages)[number];

export const settingsPageLabels: Record<SettingsPage, string> = {
  info: 'Основная информация',
  booking: 'Онлайн-запись',
  schedule: 'График работы',
  boxes: 'Боксы',
  pricing: 'Ограничения стоимости',
  legalInfo: 'Юридические данные',
  admins: 'Сотрудники',
  notifications: 'Уведомления',
  integrations: 'Интеграции',
};

/**
 * Which sub-pages a position sees in the menu («role-dependent list», S2 §2 — its contents are ours). Owners
 * and principals change the station; administrators and workers read its info, hours and boxes. Legal details
 * belong to those who sign for the station. Notifications follow S2 §2 (role admin or push allowed) and are
 * decided by the page itself.
 */
export function settingsPagesFor(position: Position | null, isAdmin: boolean): SettingsPage[] {
  if (isAdmin || position === 'owner' || position === 'principal') return [...settingsPages];
  if (position === 'administrator')
    return ['info', 'booking', 'schedule', 'boxes', 'admins', 'notifications'];
  return ['info', 'schedule', 'boxes', 'notifications'];
}

/** S2 §8 «Station and settings», quoted exactly. */
export const settingsMessages = {
  loadFailed: 'Не удалось загрузить настройки',
  loadFailedHint: 'Пожалуйста, попробуйте обновить страницу',
  saved: 'Настройки успешно обновлены',
  saveFailed: 'Ошибка при обновлении настроек',
  boxesSaved: 'Количество боксов успешно обновлено',
  boxesSaveFailed: 'Ошибка при обновлении количества боксов',
  stationSaveFailed: 'Ошибка при сохранении настроек станции',
  locationRequired: 'Необходимо указать местоположение на карте',
  scheduleMissing: 'График работы не настроен',
  goToSettings: 'Перейти к настройкам',
  /** Ours: a box with future orders cannot be removed. */
  boxInUse: 'Нельзя убрать бокс {box}: на него есть будущие заказы. Перенесите или отмените их сначала',
} as const;
