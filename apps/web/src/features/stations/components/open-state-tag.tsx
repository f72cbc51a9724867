import { Tag } from 'antd';
import {
  formatDayHours,
  openState,
  ROUND_THE_CLOCK_LABEL,
  weekDayShort,
  type StationClock,
  type WorktimeByDay,
} from '@crm/shared';

// antd's success/warning tags put a light green/amber text on a pale ground (2.2:1); the classes in
// stations.css keep WCAG AA in both themes.

/**
 * «Открыто до 22:00» / «Закрыто · откроется в 09:00» on the station's own clock; «Круглосуточно» for a
 * day worked round the clock (its stored end 23:59 is no closing time, and it is open at 23:59 too).
 * Cars in the boxes (`inProgress`, today's orders «В процессе») keep it open outside the hours: it is
 * never «Закрыто» while a car is being washed (issue 38: hours changed under orders kept outside them).
 */
export function OpenStateTag({
  worktime,
  clock,
  inProgress = 0,
}: {
  worktime: WorktimeByDay;
  clock: StationClock;
  inProgress?: number;
}) {
  if (formatDayHours(worktime, clock.day) === ROUND_THE_CLOCK_LABEL) {
    return (
      <Tag className="open-tag open-tag--open" style={{ marginInlineEnd: 0 }}>
        {ROUND_THE_CLOCK_LABEL}
      </Tag>
    );
  }
  const state = openState(worktime, clock);
  if (state.open) {
    return (
      <Tag className="open-tag open-tag--open" style={{ marginInlineEnd: 0 }}>
        Открыто до {state.until}
      </Tag>
    );
  }
  if (inProgress > 0) {
    return (
      <Tag className="open-tag open-tag--open" style={{ marginInlineEnd: 0 }}>
        Открыто · в работе: {inProgress}
      </Tag>
    );
  }
  const when =
    state.opensAt === null
      ? ''
      : state.opensDay === clock.day
        ? ` · откроется в ${state.opensAt}`
        : ` · откроется ${weekDayShort[state.opensDay!]} в ${state.opensAt}`;
  return (
    <Tag
      className={state.opensAt === null ? 'open-tag open-tag--unset' : undefined}
      style={{ marginInlineEnd: 0 }}
    >
      {state.opensAt === null ? 'График работы не настроен' : `Закрыто${when}`}
    </Tag>
  );
}
