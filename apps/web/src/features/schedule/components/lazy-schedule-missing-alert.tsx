import { workingDays, type Station } from '@crm/shared';
import { preloadable } from '../../../lib/preloadable';

const alert = preloadable<{ station: Pick<Station, 'id' | 'worktime_by_day'> }>(async () => ({
  default: (await import('./schedule-missing-alert')).ScheduleMissingAlert,
}));

/**
 * «График работы не настроен» (S1 §2), loaded only for a station without a working day: its texts come with
 * the station settings' messages, which are not in the calendar's first load (issue 40: 1.7 KB gzip of it).
 */
export function LazyScheduleMissingAlert({ station }: { station: Pick<Station, 'id' | 'worktime_by_day'> }) {
  if (workingDays(station.worktime_by_day).length > 0) return null;
  return <alert.Component station={station} />;
}
