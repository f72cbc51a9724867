import { toMinutes } from '../time/time-of-day';
import { weekDays, type WeekDay, type WorktimeByDay } from './week';
import { dayHours } from './worktime';

export interface StationClock {
  /** The station's own weekday. */
  day: WeekDay;
  /** HH:mm on the station's wall clock. */
  time: string;
  /** YYYY-MM-DD on the station's wall clock. */
  date: string;
  /** 'UTC+3', 'UTC+7', 'UTC+5:30'. */
  offset: string;
}

/**
 * What the clock on the station's wall shows (DESIGN §4: everything a person sees is in the station's
 * local time). Falls back to Moscow for an unknown zone rather than failing a whole page.
 */
/**
 * One formatter per zone: building an `Intl.DateTimeFormat` costs far more than formatting with it, and a
 * day's availability asks the clock for every start (the largest self time of the product's own code in a
 * profile of the online booking's availability bench). null: the zone is unknown to this runtime.
 */
const clockFormats = new Map<string, Intl.DateTimeFormat | null>();
function clockFormat(timeZone: string): Intl.DateTimeFormat | null {
  let format = clockFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        weekday: 'long',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZoneName: 'longOffset',
      });
    } catch {
      format = null;
    }
    clockFormats.set(timeZone, format);
  }
  return format;
}

export function stationClock(timeZone: string, now: Date = new Date()): StationClock {
  const format = clockFormat(timeZone);
  if (!format) return stationClock('Europe/Moscow', now);
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  const day = (weekDays as readonly string[]).includes(parts.weekday ?? '')
    ? (parts.weekday as WeekDay)
    : 'Monday';
  // 'GMT+03:00' → 'UTC+3'; 'GMT' → 'UTC+0'.
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(parts.timeZoneName ?? '');
  const offset = match
    ? `UTC${match[1]}${Number(match[2])}${match[3] === '00' ? '' : `:${match[3]}`}`
    : 'UTC+0';
  return {
    day,
    time: `${parts.hour}:${parts.minute}`,
    date: `${parts.year}-${parts.month}-${parts.day}`,
    offset,
  };
}

export type OpenState =
  { open: true; until: string } | { open: false; opensAt: string | null; opensDay: WeekDay | null };

/** Whether the station works right now on its own clock, and until when or when it opens next. */
export function openState(worktime: WorktimeByDay, clock: Pick<StationClock, 'day' | 'time'>): OpenState {
  const now = toMinutes(clock.time);
  const today = dayHours(worktime, clock.day);
  if (today && now >= toMinutes(today.start) && now < toMinutes(today.end)) {
    return { open: true, until: today.end };
  }
  if (today && now < toMinutes(today.start)) {
    return { open: false, opensAt: today.start, opensDay: clock.day };
  }
  const index = weekDays.indexOf(clock.day);
  for (let step = 1; step <= 7; step++) {
    const day = weekDays[(index + step) % 7]!;
    const hours = dayHours(worktime, day);
    if (hours) return { open: false, opensAt: hours.start, opensDay: day };
  }
  return { open: false, opensAt: null, opensDay: null };
}
