import { Tag } from 'antd';
import { openState, weekDayShort, type StationClock, type WorktimeByDay } from '@crm/shared';

// antd's success/warning tags put a light green/amber text on a pale ground (2.2:1); the classes in
// stations.css keep WCAG AA in both themes.

/** «Открыто до 22:00» / «Закрыто · откроется в 09:00» on the station's own clock. */
export function OpenStateTag({ worktime, clock }: { worktime: WorktimeByDay; clock: StationClock }) {
  const state = openState(worktime, clock);
  if (state.open) {
    return (
      <Tag className="open-tag open-tag--open" style={{ marginInlineEnd: 0 }}>
        Открыто до {state.until}
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
