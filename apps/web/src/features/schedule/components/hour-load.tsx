import { memo } from 'react';
import { fromMinutes } from '@crm/shared';
import { HOUR_PX } from '../lib/place-events';

interface HourLoadProps {
  /** Busy boxes per hour of the grid, from its first hour. */
  load: readonly number[];
  boxes: number;
  startMin: number;
}

/**
 * Week view (DESIGN §10): a thin bar on the left of a day column, one segment per hour, as full as the
 * share of boxes busy in that hour; the count «3/4» is in the segment's title and the screen-reader text.
 */
export const HourLoad = memo(function HourLoad({ load, boxes, startMin }: HourLoadProps) {
  return (
    <div className="tg__load" role="list" aria-label="Загрузка боксов по часам">
      {load.map((busy, i) => {
        if (busy === 0) return null;
        const hour = startMin + i * 60;
        const text = `${fromMinutes(hour)}–${fromMinutes(Math.min(hour + 60, 1439))}: занято боксов ${busy} из ${boxes}`;
        const share = Math.min(1, busy / boxes);
        return (
          <div
            key={hour}
            role="listitem"
            className={`tg__load-hour${busy >= boxes ? ' is-full' : ''}`}
            style={{ top: i * HOUR_PX + 1, height: HOUR_PX - 2, ['--load' as string]: share }}
            title={text}
          >
            <span className="visually-hidden">{text}</span>
          </div>
        );
      })}
    </div>
  );
});
