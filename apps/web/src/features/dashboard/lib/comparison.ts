import {
  daysBetween,
  monthsGenitive,
  stationClock,
  type Comparison,
  type DateRange,
  type PeriodKind,
} from '@crm/shared';

// What a trend compares, in words (DESIGN §10 «like for like»): the tooltip of every trend says it, so
// «−98 %» can never again mean «a Monday morning against a whole week».

// Sunday first, as Date.getUTCDay() counts.
const weekdays = ['воскресенье', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота'];
const weekdaysGenitive = [
  'воскресенья',
  'понедельника',
  'вторника',
  'среды',
  'четверга',
  'пятницы',
  'субботы',
];
const weekdaysShort = ['Вс', 'Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб'];

/** The trend's time bound is kept to five minutes, so the compared figures refresh as often as they go stale. */
const UNTIL_STEP_MINUTES = 5;

/** Now on the station's clock, down to five minutes: the `until` of the like-for-like rating calls. */
export function comparisonUntil(zone: string, now: Date): string {
  const [hours, minutes] = stationClock(zone, now).time.split(':');
  const floored = Math.floor(Number(minutes) / UNTIL_STEP_MINUTES) * UNTIL_STEP_MINUTES;
  return `${hours}:${String(floored).padStart(2, '0')}`;
}

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const dayMonth = (date: string) =>
  `${Number(date.slice(8, 10))} ${monthsGenitive[Number(date.slice(5, 7)) - 1]}`;
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** «16 ноября», with the year when it is not this year's. */
function dateText(date: string, thisYear: string): string {
  return date.slice(0, 4) === thisYear ? dayMonth(date) : `${dayMonth(date)} ${date.slice(0, 4)}`;
}

/** «16–22 ноября», «30 ноября – 6 декабря», «29 декабря 2025 – 4 января 2026». */
function rangeText(range: DateRange, thisYear: string): string {
  const { start, end } = range;
  if (start.slice(0, 4) !== end.slice(0, 4))
    return `${dayMonth(start)} ${start.slice(0, 4)} – ${dateText(end, '')}`;
  if (start.slice(0, 7) !== end.slice(0, 7)) return `${dayMonth(start)} – ${dateText(end, thisYear)}`;
  return `${Number(start.slice(8, 10))}–${dateText(end, thisYear)}`;
}

/** «Пн–Ср», or «Пн» for one day. */
function weekdaysText(range: DateRange): string {
  const first = weekdaysShort[weekdayOf(range.start)]!;
  return range.start === range.end ? first : `${first}–${weekdaysShort[weekdayOf(range.end)]!}`;
}

/**
 * The sentence of a trend's tooltip: «Сегодня до 14:30 против понедельника 16 ноября до 14:30», «Пн–Ср
 * этой недели против Пн–Ср прошлой недели, последний день — до 14:30», «Понедельник 9 ноября против
 * понедельника 2 ноября», «1–23 ноября против 1–23 октября, последний день — до 14:30».
 */
export function comparisonText(
  kind: PeriodKind,
  comparison: Comparison,
  today: string,
  until: string | undefined,
): string {
  const { current, previous, soFar } = comparison;
  const thisYear = today.slice(0, 4);
  const oneDay = daysBetween(current.start, current.end) === 0;
  const previousDay = `${weekdaysGenitive[weekdayOf(previous.start)]} ${dateText(previous.start, thisYear)}`;
  if (oneDay && soFar && until) return `Сегодня до ${until} против ${previousDay} до ${until}`;
  if (oneDay) {
    const currentDay = `${weekdays[weekdayOf(current.start)]} ${dateText(current.start, thisYear)}`;
    return `${capitalize(currentDay)} против ${previousDay}`;
  }
  const bound = soFar && until ? `, последний день — до ${until}` : '';
  if (kind === 'week' && soFar) {
    return `${weekdaysText(current)} этой недели против ${weekdaysText(previous)} прошлой недели${bound}`;
  }
  return `${capitalize(rangeText(current, thisYear))} против ${rangeText(previous, thisYear)}${bound}`;
}
