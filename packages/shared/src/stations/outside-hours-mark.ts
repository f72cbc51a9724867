/**
 * The mark of an order left outside the station's hours (S1 §2), on the calendar's cards and in the
 * affected-orders window. A module of its own: the calendar's cards need this one text, not the window's
 * messages (issue 40).
 */
export const outsideHoursMark = 'Вне графика';
