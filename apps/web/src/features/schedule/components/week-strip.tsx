import type { CalendarDay } from '../lib/calendar-days';
import { useSwipe } from '../lib/use-swipe';
import './week-strip.css';

interface WeekStripProps {
  days: CalendarDay[];
  /** Live orders per date (`POST /api/order/list/schedule`); absent while they load. */
  counts?: ReadonlyMap<string, number>;
  selected: string;
  onSelect(date: string): void;
  onSwipe(step: 1 | -1): void;
}

/** «3 записи», for the day's label. */
function ordersLabel(n: number): string {
  const tens = n % 100;
  const ones = n % 10;
  if (tens >= 11 && tens <= 14) return `${n} записей`;
  if (ones === 1) return `${n} запись`;
  if (ones >= 2 && ones <= 4) return `${n} записи`;
  return `${n} записей`;
}

/**
 * S1 §2: seven days centred on the selected day, with day names, numbers and hours or «Выходной», and each
 * day's count of live orders (S1 §7 schedule view) in a corner badge.
 */
export function WeekStrip({ days, counts, selected, onSelect, onSwipe }: WeekStripProps) {
  const swipe = useSwipe(onSwipe);
  return (
    <div className="week-strip" role="group" aria-label="Дни недели" {...swipe}>
      {days.map((day) => {
        const isSelected = day.date === selected;
        const count = counts?.get(day.date) ?? 0;
        return (
          <button
            key={day.date}
            type="button"
            className={
              'week-strip__day' +
              (isSelected ? ' is-selected' : '') +
              (day.isToday ? ' is-today' : '') +
              (day.hours ? '' : ' is-off')
            }
            aria-pressed={isSelected}
            aria-label={`${day.shortName}, ${day.dayNumber}: ${day.hoursLabel}${count ? `, ${ordersLabel(count)}` : ''}${day.isToday ? ', сегодня' : ''}`}
            onClick={() => onSelect(day.date)}
          >
            {count > 0 && (
              <span className="week-strip__count" aria-hidden="true">
                {count}
              </span>
            )}
            <span className="week-strip__name">{day.shortName}</span>
            <span className="week-strip__number">{day.dayNumber}</span>
            <span className="week-strip__hours">
              <span className="cal-long">{day.hoursLabel}</span>
              <span className="cal-short">{day.hoursShort}</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
