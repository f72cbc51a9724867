import type { CalendarDay } from '../lib/calendar-days';
import { useSwipe } from '../lib/use-swipe';

interface WeekStripProps {
  days: CalendarDay[];
  selected: string;
  onSelect(date: string): void;
  onSwipe(step: 1 | -1): void;
}

/** S1 §2: seven days centred on the selected day, with day names, numbers and hours or «Выходной». */
export function WeekStrip({ days, selected, onSelect, onSwipe }: WeekStripProps) {
  const swipe = useSwipe(onSwipe);
  return (
    <div className="week-strip" role="group" aria-label="Дни недели" {...swipe}>
      {days.map((day) => {
        const isSelected = day.date === selected;
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
            aria-label={`${day.shortName}, ${day.dayNumber}: ${day.hoursLabel}${day.isToday ? ', сегодня' : ''}`}
            onClick={() => onSelect(day.date)}
          >
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
