import type { WeekDay } from './week';

/** Full Russian day names for day cards. */
export const weekDayNames: Record<WeekDay, string> = {
  Monday: 'Понедельник',
  Tuesday: 'Вторник',
  Wednesday: 'Среда',
  Thursday: 'Четверг',
  Friday: 'Пятница',
  Saturday: 'Суббота',
  Sunday: 'Воскресенье',
};
