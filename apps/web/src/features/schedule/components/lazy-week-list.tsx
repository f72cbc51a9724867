import { preloadable } from '../../../lib/preloadable';
import type { WeekListProps } from './week-list';

/**
 * The phone's week as a list, loaded when a phone first shows a week: a phone opens on the day, a desktop
 * draws its week as the grid, so the list is not in the calendar's first load (issue 40: 1.2 KB gzip). The
 * service worker precaches it with the daily routes (app/daily-routes.ts), so it opens offline too.
 */
export const LazyWeekList = preloadable<WeekListProps>(async () => ({
  default: (await import('./week-list')).WeekList,
})).Component;
