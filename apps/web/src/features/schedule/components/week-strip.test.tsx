import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { calendarDay } from '../lib/calendar-days';
import { WeekStrip } from './week-strip';

const worktime = { start_Monday: '09:00', end_Monday: '21:00', start_Tuesday: '09:00', end_Tuesday: '21:00' };

describe('WeekStrip', () => {
  afterEach(cleanup);

  it("shows each day's live orders from the schedule view, and says them in the day's name", () => {
    const days = ['2031-03-10', '2031-03-11', '2031-03-12'].map((d) =>
      calendarDay(d, worktime, '2031-03-10'),
    );
    const counts = new Map([
      ['2031-03-10', 3],
      ['2031-03-11', 21],
    ]);
    render(
      <WeekStrip days={days} counts={counts} selected="2031-03-10" onSelect={() => {}} onSwipe={() => {}} />,
    );
    expect(screen.getByRole('button', { name: /^Пн, 10: .*, 3 записи, сегодня$/ })).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: /^Вт, 11: .*, 21 запись$/ })).toHaveTextContent('21');
    // A day without orders has no badge.
    expect(screen.getByRole('button', { name: /^Ср, 12: Выходной$/ })).not.toHaveTextContent(/\d{2}\D*\d/);
  });
});
