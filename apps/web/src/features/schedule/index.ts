/** What other parts of the app may use from the calendar. */
export { calendarWeekQuery } from './api/order-list';
export { prefetchCalendar } from './api/prefetch-calendar';
/** Which box is taken when (the new-order form's «Бокс», the boxes' status in settings). */
export { boxesNow, boxesTaken, takenLabel, useDayOrders } from './lib/box-occupancy';
