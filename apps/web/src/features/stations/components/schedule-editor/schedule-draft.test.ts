import { describe, expect, it } from 'vitest';
import {
  apiScheduleErrors,
  applyToPicked,
  dayError,
  draftOf,
  emptyPick,
  sameSchedule,
  scheduleUpdate,
  setDayRange,
  setDayWorking,
  toggleBulkDay,
} from './schedule-draft';

const station = {
  worktime_by_day: {
    start_Monday: '08:00',
    end_Monday: '22:00',
    start_Wednesday: '00:00',
    end_Wednesday: '23:59',
  },
};

describe('schedule draft', () => {
  it('starts from the days that have hours', () => {
    expect(draftOf(station).days).toEqual(['Monday', 'Wednesday']);
  });

  it('gives a newly enabled day 10:00–19:00 and a re-enabled day its own hours back', () => {
    const draft = setDayWorking(draftOf(station), 'Friday', true);
    expect(scheduleUpdate(draft).worktime_by_day).toMatchObject({
      start_Friday: '10:00',
      end_Friday: '19:00',
    });
    const back = setDayWorking(setDayWorking(draft, 'Monday', false), 'Monday', true);
    expect(scheduleUpdate(back).worktime_by_day).toMatchObject({
      start_Monday: '08:00',
      end_Monday: '22:00',
    });
    expect(back.days).toEqual(['Monday', 'Wednesday', 'Friday']);
  });

  it('saves only working days, the slider end 1440 as 23:59', () => {
    let draft = setDayWorking(draftOf(station), 'Saturday', true);
    draft = setDayRange(draft, 'Saturday', [600, 1440]);
    draft = setDayWorking(draft, 'Monday', false);
    expect(scheduleUpdate(draft)).toEqual({
      daysOfWork: ['Wednesday', 'Saturday'],
      worktime_by_day: {
        start_Wednesday: '00:00',
        end_Wednesday: '23:59',
        start_Saturday: '10:00',
        end_Saturday: '23:59',
      },
    });
  });

  it('counts hours kept on a day off as no change', () => {
    const initial = draftOf(station);
    const edited = setDayRange(setDayWorking(initial, 'Friday', false), 'Friday', [0, 60]);
    expect(sameSchedule(initial, edited)).toBe(true);
    expect(sameSchedule(initial, setDayWorking(initial, 'Monday', false))).toBe(false);
  });

  it('removes the hours of a picked working day and gives them back when unpicked (S2 §4)', () => {
    const initial = draftOf(station);
    const picked = toggleBulkDay(initial, emptyPick, 'Monday');
    expect(picked.draft.days).toEqual(['Wednesday']);
    expect(picked.pick.picked).toEqual(['Monday']);
    const unpicked = toggleBulkDay(picked.draft, picked.pick, 'Monday');
    expect(unpicked.draft.days).toEqual(['Monday', 'Wednesday']);
    expect(unpicked.pick).toEqual(emptyPick);
    // A day that was off stays off when unpicked.
    const off = toggleBulkDay(initial, emptyPick, 'Tuesday');
    expect(toggleBulkDay(off.draft, off.pick, 'Tuesday').draft.days).toEqual(['Monday', 'Wednesday']);
  });

  it('applies one range to every picked day', () => {
    let state = { draft: draftOf(station), pick: emptyPick };
    for (const day of ['Monday', 'Tuesday', 'Friday'] as const)
      state = toggleBulkDay(state.draft, state.pick, day);
    const applied = applyToPicked(state.draft, state.pick, [540, 1260]);
    expect(scheduleUpdate(applied)).toEqual({
      daysOfWork: ['Monday', 'Tuesday', 'Wednesday', 'Friday'],
      worktime_by_day: {
        start_Monday: '09:00',
        end_Monday: '21:00',
        start_Tuesday: '09:00',
        end_Tuesday: '21:00',
        start_Wednesday: '00:00',
        end_Wednesday: '23:59',
        start_Friday: '09:00',
        end_Friday: '21:00',
      },
    });
  });

  it('keys the server fields like scheduleErrors', () => {
    const errors = apiScheduleErrors({
      daysOfWork: 'Выберите хотя бы один день работы',
      'worktime_by_day.end_Sunday':
        'Время окончания работы не может быть раньше времени начала для воскресенья',
      name: 'не про график',
    });
    expect(errors).toEqual({
      daysOfWork: 'Выберите хотя бы один день работы',
      end_Sunday: 'Время окончания работы не может быть раньше времени начала для воскресенья',
    });
    expect(dayError(errors, 'Sunday')).toBe(
      'Время окончания работы не может быть раньше времени начала для воскресенья',
    );
    expect(dayError(errors, 'Monday')).toBeUndefined();
  });
});
