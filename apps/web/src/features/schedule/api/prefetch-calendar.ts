import type { QueryClient } from '@tanstack/react-query';
import type { Station } from '@crm/shared';
import { stationToday } from '../../../lib/station-time';
import { currentViewport } from '../../../lib/use-media-query';
import { calendarPlace, loadRange } from '../lib/calendar-days';
import { calendarWeekQuery } from './order-list';

/**
 * The calendar's orders for the page's URL, asked when the calendar is navigated to: beside the download
 * of its modules instead of after its first render (on a 4× slower phone ≈ 1 s later, issue 15). The page
 * then finds them in the cache under the same key.
 */
export function prefetchCalendar(client: QueryClient, station: Station, search: URLSearchParams) {
  const phone = currentViewport() === 'mobile';
  const { view, selected } = calendarPlace(search, phone, stationToday(station.time_zone));
  const range = loadRange(view, selected);
  return client.prefetchQuery(calendarWeekQuery(station.id, station.time_zone, range.start, range.end));
}
