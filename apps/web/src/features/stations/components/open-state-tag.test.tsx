import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { StationClock } from '@crm/shared';
import { OpenStateTag } from './open-state-tag';

const clock = (time: string): StationClock => ({
  day: 'Monday',
  time,
  date: '2026-11-23',
  offset: 'UTC+3',
});

afterEach(cleanup);

describe('OpenStateTag', () => {
  it('says «Круглосуточно» for a day worked round the clock, even at its last minute', () => {
    const allDay = { start_Monday: '00:00', end_Monday: '23:59' };
    render(<OpenStateTag worktime={allDay} clock={clock('14:00')} />);
    expect(screen.getByText('Круглосуточно')).toBeInTheDocument();
    expect(screen.queryByText(/Открыто до/)).toBeNull();
    cleanup();
    render(<OpenStateTag worktime={allDay} clock={clock('23:59')} />);
    expect(screen.getByText('Круглосуточно')).toBeInTheDocument();
  });

  it('keeps «Открыто до …» and «Закрыто · откроется …» for ordinary hours', () => {
    const hours = { start_Monday: '08:00', end_Monday: '22:00' };
    render(<OpenStateTag worktime={hours} clock={clock('14:00')} />);
    expect(screen.getByText('Открыто до 22:00')).toBeInTheDocument();
    cleanup();
    render(<OpenStateTag worktime={hours} clock={clock('07:00')} />);
    expect(screen.getByText('Закрыто · откроется в 08:00')).toBeInTheDocument();
  });

  it('never says «Закрыто» while cars are in the boxes outside the hours', () => {
    const hours = { start_Monday: '10:00', end_Monday: '18:00' };
    render(<OpenStateTag worktime={hours} clock={clock('08:30')} inProgress={2} />);
    expect(screen.getByText('Открыто · в работе: 2')).toBeInTheDocument();
    expect(screen.queryByText(/Закрыто/)).toBeNull();
    cleanup();
    // A day off with a car still in a box, too; with none it is closed again.
    render(
      <OpenStateTag
        worktime={{ start_Tuesday: '10:00', end_Tuesday: '18:00' }}
        clock={clock('12:00')}
        inProgress={1}
      />,
    );
    expect(screen.getByText('Открыто · в работе: 1')).toBeInTheDocument();
    cleanup();
    render(<OpenStateTag worktime={hours} clock={clock('08:30')} inProgress={0} />);
    expect(screen.getByText('Закрыто · откроется в 10:00')).toBeInTheDocument();
  });
});
