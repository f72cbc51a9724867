import {
  dayHours,
  slotConstants,
  slotGroups,
  weekDays,
  weekDayShort,
  type Slot,
  type SlotGroup,
  type SlotsResponse,
  type WeekDay,
  type WorktimeByDay,
} from '@crm/shared';

export interface SlotDay {
  /** YYYY-MM-DD on the station's clock. */
  date: string;
  weekDay: WeekDay;
  /** «ПН». */
  short: string;
  /** «25.11». */
  dayMonth: string;
  today: boolean;
  dayOff: boolean;
}

const DAY_MS = 86_400_000;

function parseDate(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!);
}

/**
 * The slot manager's day cards (S2 §2, §9: 30 days starting today on the station's clock). Dates are
 * stepped in UTC, where no daylight-saving jump can skip or repeat a day.
 */
export function slotDays(
  today: string,
  worktime: WorktimeByDay,
  count: number = slotConstants.days,
): SlotDay[] {
  const start = parseDate(today);
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(start + i * DAY_MS);
    const date = at.toISOString().slice(0, 10);
    // getUTCDay counts from Sunday; weekDays starts on Monday.
    const weekDay = weekDays[(at.getUTCDay() + 6) % 7]!;
    return {
      date,
      weekDay,
      short: weekDayShort[weekDay],
      dayMonth: `${date.slice(8, 10)}.${date.slice(5, 7)}`,
      today: i === 0,
      dayOff: dayHours(worktime, weekDay) === null,
    };
  });
}

/** The day asked for in the URL when it is one of the cards (a link kept from yesterday is not), else today. */
export function pickDay(days: readonly SlotDay[], asked: string | null): string {
  return days.find((d) => d.date === asked)?.date ?? days[0]!.date;
}

/**
 * What the page shows of a day: groups in their fixed order without past slots (S2 §4 — hidden), and
 * empty groups left out. `now` hides what the clock passed since the answer came.
 */
export function visibleGroups(
  slots: SlotsResponse['slots'],
  now: number,
): { group: SlotGroup; slots: Slot[] }[] {
  return slotGroups
    .map((group) => ({ group, slots: slots[group].filter((s) => !isPast(s, now)) }))
    .filter((g) => g.slots.length > 0);
}

export function isPast(slot: Pick<Slot, 'past' | 'dateStart'>, now: number): boolean {
  return slot.past || Date.parse(slot.dateStart) <= now;
}

/** The same slot with the state the server answered, in whichever group holds it. */
export function replaceSlot(slots: SlotsResponse['slots'], next: Slot): SlotsResponse['slots'] {
  const out = { ...slots };
  for (const group of slotGroups) {
    if (slots[group].some((s) => s.id === next.id)) {
      out[group] = slots[group].map((s) => (s.id === next.id ? next : s));
    }
  }
  return out;
}
