import { lazy, Suspense } from 'react';

// Its own chunk, loaded after the calendar: the line is secondary, and the calendar's first load stays as
// it was (bench/web-size.ts budgets it).
const OnShiftLine = lazy(async () => ({ default: (await import('./on-shift-line')).OnShiftLine }));

/** The calendar's day view: who is on shift that day (on-shift-line.tsx); nothing until it is known. */
export function OnShiftToday(props: { stationId: string; date: string }) {
  return (
    <Suspense fallback={null}>
      <OnShiftLine {...props} />
    </Suspense>
  );
}
