import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isCalendarDate, periodRange, type PeriodKind } from '@crm/shared';
import type { PeriodValue } from '../../../components/period-selector';

/**
 * S1 §2 dashboard periods. The dashboard opens on «День» (issue 10): the first look of the morning is at
 * today, compared with the same weekday last week, not at a week that is mostly still ahead.
 */
export const dashboardPeriodKinds: readonly PeriodKind[] = ['day', 'week', 'month', 'year'];
const defaultKind: PeriodKind = 'day';

/**
 * The period lives in the URL (`?period=month&from=2026-11-01`), so a reload or a shared link shows the
 * same figures; without it, today on the station's clock.
 */
export function useDashboardPeriod(today: string): [PeriodValue, (value: PeriodValue) => void] {
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('period') as PeriodKind | null;
  const kind = kindParam && dashboardPeriodKinds.includes(kindParam) ? kindParam : defaultKind;
  const fromParam = params.get('from');
  const from = fromParam && isCalendarDate(fromParam) ? fromParam : today;
  const value = useMemo(() => ({ kind, range: periodRange(kind, from) }), [kind, from]);

  const change = useCallback(
    (next: PeriodValue) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          out.set('period', next.kind);
          out.set('from', next.range.start);
          return out;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return [value, change];
}
