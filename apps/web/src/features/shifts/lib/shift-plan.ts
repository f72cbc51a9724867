import {
  positionLabels,
  shiftLabel,
  weekDays,
  weekDayShort,
  type Shift,
  type ShiftsResponse,
  type ShiftStaff,
  type WeekDay,
  monthsGenitive,
} from '@crm/shared';

const parts = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return { year: y!, month: m!, day: d! };
};

/** The weekday of a `YYYY-MM-DD` date. */
export function weekDayOf(date: string): WeekDay {
  const index = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return weekDays[index]!;
}

/** «ПН 23.11». */
export function dayHeading(date: string): { weekday: string; dayMonth: string } {
  const { month, day } = parts(date);
  return {
    weekday: weekDayShort[weekDayOf(date)],
    dayMonth: `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}`,
  };
}

/** «23 ноября» — a day in words (labels and the phone's day list). */
export function dayInWords(date: string): string {
  const { month, day } = parts(date);
  return `${day} ${monthsGenitive[month - 1]}`;
}

/** «23–29 ноября 2026», «30 ноября – 6 декабря 2026», «29 декабря 2025 – 4 января 2026». */
export function weekLabel(days: readonly string[]): string {
  const first = parts(days[0]!);
  const last = parts(days[days.length - 1]!);
  if (first.year !== last.year)
    return `${dayInWords(days[0]!)} ${first.year} – ${dayInWords(days[days.length - 1]!)} ${last.year}`;
  if (first.month !== last.month)
    return `${dayInWords(days[0]!)} – ${dayInWords(days[days.length - 1]!)} ${last.year}`;
  return `${first.day}–${last.day} ${monthsGenitive[last.month - 1]} ${last.year}`;
}

const cellKey = (userId: string, date: string) => `${userId}|${date}`;

/** The week's shifts by person and day. */
export function shiftCells(shifts: readonly Shift[]): Map<string, Shift> {
  return new Map(shifts.map((s) => [cellKey(s.user_id, s.date), s]));
}

export const cellOf = (cells: Map<string, Shift>, userId: string, date: string) =>
  cells.get(cellKey(userId, date)) ?? null;

export interface OnShift {
  id: string;
  name: string;
  position: string;
  from: string;
  to: string;
  label: string;
}

/** Who works on `date`, earliest first, then in the staff list's order. */
export function onShiftOn(plan: Pick<ShiftsResponse, 'staff' | 'shifts'>, date: string): OnShift[] {
  const order = new Map(plan.staff.map((s, i) => [s.id, i]));
  const byId = new Map<string, ShiftStaff>(plan.staff.map((s) => [s.id, s]));
  return plan.shifts
    .filter((s) => s.date === date && byId.has(s.user_id))
    .sort((a, b) => a.from.localeCompare(b.from) || order.get(a.user_id)! - order.get(b.user_id)!)
    .map((s) => {
      const person = byId.get(s.user_id)!;
      return {
        id: s.user_id,
        name: person.name,
        position: positionLabels[person.position],
        from: s.from,
        to: s.to,
        label: shiftLabel(s),
      };
    });
}

/** Hours a person is planned for in the week, for the grid's last column («36 ч», «7,5 ч»). */
export function weekHours(shifts: readonly Shift[], userId: string): string {
  const minutes = shifts
    .filter((s) => s.user_id === userId)
    .reduce((sum, s) => sum + minutesOf(s.to) - minutesOf(s.from) + (s.to === '23:59' ? 1 : 0), 0);
  if (minutes === 0) return '—';
  const hours = minutes / 60;
  return `${Number.isInteger(hours) ? hours : hours.toFixed(1).replace('.', ',')} ч`;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
