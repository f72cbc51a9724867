import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Button } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { SlotDay } from '../lib/slot-days';

interface DayStripProps {
  days: readonly SlotDay[];
  selected: string;
  onSelect(date: string): void;
}

/**
 * The 30 day cards (S2 §2 «Slot manager»), scrolled sideways inside their own row. One card is in the tab
 * order; arrows, Home and End move the selection, as in a toolbar.
 */
export function DayStrip({ days, selected, onSelect }: DayStripProps) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const index = Math.max(
    0,
    days.findIndex((d) => d.date === selected),
  );

  useEffect(() => {
    // jsdom has no scrollIntoView; browsers keep the chosen card (e.g. from the URL) in sight.
    refs.current.get(selected)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);

  const go = (to: number, focus: boolean) => {
    const day = days[Math.min(days.length - 1, Math.max(0, to))]!;
    onSelect(day.date);
    if (focus) refs.current.get(day.date)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const target = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: days.length - 1,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    go(target, true);
  };

  return (
    <div className="slot-days">
      <Button
        className="slot-days__step"
        icon={<LeftOutlined />}
        aria-label="Предыдущий день"
        disabled={index === 0}
        onClick={() => go(index - 1, false)}
      />
      <div className="slot-days__row" role="group" aria-label="Дни" onKeyDown={onKeyDown}>
        {days.map((day) => {
          const isSelected = day.date === selected;
          return (
            <button
              key={day.date}
              ref={(el) => {
                if (el) refs.current.set(day.date, el);
                else refs.current.delete(day.date);
              }}
              type="button"
              className={
                'slot-day' +
                (isSelected ? ' is-selected' : '') +
                (day.today ? ' is-today' : '') +
                (day.dayOff ? ' is-off' : '')
              }
              aria-pressed={isSelected}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(day.date)}
            >
              {/* The visible text is the name (axe: label-content-name-mismatch); spaces keep its words apart. */}
              <span className="slot-day__name">{day.short}</span>{' '}
              <span className="slot-day__date">{day.dayMonth}</span>{' '}
              <span className="slot-day__note">
                {day.today ? 'Сегодня' : day.dayOff ? 'Выходной' : '\u00a0'}
              </span>
            </button>
          );
        })}
      </div>
      <Button
        className="slot-days__step"
        icon={<RightOutlined />}
        aria-label="Следующий день"
        disabled={index === days.length - 1}
        onClick={() => go(index + 1, false)}
      />
    </div>
  );
}
