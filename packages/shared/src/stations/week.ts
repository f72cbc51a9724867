// Plain constants and rules, kept apart from the zod schemas so pages that only show hours load no zod.
import { toMinutes } from '../time/time-of-day';

export const weekDays = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export type WeekDay = (typeof weekDays)[number];

/** Short Russian day names in the same order (S2 §5). */
export const weekDayShort: Record<WeekDay, string> = {
  Monday: 'ПН',
  Tuesday: 'ВТ',
  Wednesday: 'СР',
  Thursday: 'ЧТ',
  Friday: 'ПТ',
  Saturday: 'СБ',
  Sunday: 'ВС',
};

/** Station form messages (S1 §8, S2 §5), quoted exactly. */
export const stationMessages = {
  nameRequired: 'Название обязательно',
  nameMin: 'Название должно содержать минимум 2 символа',
  nameMax: 'Название не должно превышать 50 символов',
  boxesRequired: 'Кол-во боксов обязательно',
  boxesMin: 'Минимум 1 бокс',
  boxesMax: 'Максимум 100 боксов',
  addressRequired: 'Адрес обязателен',
  addressMin: 'Адрес должен содержать минимум 5 символов',
  pointRequired: 'Пожалуйста, выберите точку на карте или используйте предложенный адрес',
  coordinatesRequired: 'Необходимо указать координаты на карте',
  scheduleRequired: 'Необходимо указать график работы хотя бы для одного дня',
  timeFormat: 'Неверный формат времени',
  rangeOrder: 'Время начала должно быть раньше времени окончания',
} as const;

export type WorktimeByDay = Record<string, string>;

/** Days that have both a start and an end in worktime_by_day. */
export function workingDays(worktime: WorktimeByDay): WeekDay[] {
  return weekDays.filter((d) => worktime[`start_${d}`] && worktime[`end_${d}`]);
}

/** Minutes after midnight a day's end means: 23:59 is the end of the day (1440, S2 §4 «Круглосуточно»). */
export function endOfDayMinutes(end: string): number {
  return end === '23:59' ? 1440 : toMinutes(end);
}
