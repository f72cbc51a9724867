import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderPage, testStation } from '../../stations/testing/render';
import { ScheduleMissingAlert } from './schedule-missing-alert';

describe('ScheduleMissingAlert', () => {
  afterEach(cleanup);

  it('leads a station without working days to its schedule settings', () => {
    renderPage(
      <ScheduleMissingAlert station={testStation({ worktime_by_day: { start_Monday: '09:00' } })} />,
    );
    expect(screen.getByText('График работы не настроен')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти к настройкам' })).toHaveAttribute(
      'href',
      '/station/s1/settings/schedule',
    );
  });

  it('stays away while at least one day has its hours', () => {
    renderPage(<ScheduleMissingAlert station={testStation()} />);
    expect(screen.queryByText('График работы не настроен')).not.toBeInTheDocument();
  });
});
