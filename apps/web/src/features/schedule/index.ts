/** What other parts of the app may use from the calendar. */
export { calendarWeekQuery } from './api/order-list';
export { prefetchCalendar } from './api/prefetch-calendar';
