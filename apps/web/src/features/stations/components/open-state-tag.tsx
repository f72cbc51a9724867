import { Tag } from 'antd';
import { openState, weekDayShort, type StationClock, type WorktimeByDay } from '@crm/shared';

/** «Открыто до 22:00» / «Закрыто · откроется в 09:00» on the station's own clock. */
export function OpenStateTag({ worktime, clock }: { worktime: WorktimeByDay; clock: StationClock }) {
  const state = openState(worktime, clock);
  if (state.open) {
    return (
      <Tag color="success" style={{ marginInlineEnd: 0 }}>
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
    <Tag color={state.opensAt === null ? 'warning' : 'default'} style={{ marginInlineEnd: 0 }}>
      {state.opensAt === null ? 'График работы не настроен' : `Закрыто${when}`}
    </Tag>
  );
}
