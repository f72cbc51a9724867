import { lazy, Suspense, useDeferredValue, useMemo, type ReactNode } from 'react';
import { Alert, Skeleton } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { dashboardMessages, likeForLike, type Station } from '@crm/shared';
import { PeriodSelector, type PeriodValue } from '../../../components/period-selector';
import { ApiError, friendlyMessage } from '../../../lib/api-client';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { useStationAnalytics } from '../api/station-figures';
import { comparisonText, comparisonUntil } from '../lib/comparison';
import { dashboardPeriodKinds } from '../lib/use-dashboard-period';
import { ChartFigures } from './chart-figures';
import { ExportButton } from './export-button';
import { KeyIndicators, KeyIndicatorsSkeleton } from './key-indicators';
import { Panel } from '../../../components/panel';
import { RetryAlert } from '../../../components/retry-alert';

// recharts is the heaviest part of the page (≈ 110 KB): it loads in its own chunk once the charts come near
// the screen — at once on a wide one, on a phone when the user scrolls to them (issue 15).
const DashboardCharts = lazy(() => import('./dashboard-charts'));

function WhenNear({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  // On the screen itself, not within the usual 300 px: a phone's first screen ends just above them.
  const { ref, near } = useNearViewport<HTMLDivElement>('0px');
  return near ? children : <div ref={ref}>{placeholder}</div>;
}

const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

function NoFiguresRight() {
  return <Alert type="info" showIcon icon={<LockOutlined />} title={dashboardMessages.noFiguresRight} />;
}

interface FiguresSectionProps {
  station: Station;
  today: string;
  /** Now: the like-for-like trends stop at this time on the station's clock. */
  now: Date;
  period: PeriodValue;
  onPeriod(value: PeriodValue): void;
  /** Owner, principal, administrator or role admin; others are not asked for figures at all. */
  allowed: boolean;
  compact: boolean;
}

/**
 * Key indicators and charts for the chosen period, from one answer about one comparison (DESIGN §10 «like
 * for like», issue 38): a period holding today is shown up to now and compared with the same days — and,
 * on the last one, the same hours — of the previous period; a period wholly past or ahead whole, against
 * the whole previous one. The line above the cards says which. Someone who may not see the money gets
 * the note only: no period or export controls that would do nothing.
 */
export function FiguresSection({
  station,
  today,
  now,
  period,
  onPeriod,
  allowed,
  compact,
}: FiguresSectionProps) {
  const range = period.range;
  const comparison = useMemo(() => likeForLike(period.kind, range, today), [period.kind, range, today]);
  const until = comparison.soFar ? comparisonUntil(station.time_zone, now) : undefined;
  const analytics = useStationAnalytics(station.id, comparison, until, allowed);
  const forbidden = !allowed || isForbidden(analytics.error);
  const compared = comparisonText(period.kind, comparison, today, until);
  // The cards and charts of an answer render as a deferred update, which React builds in slices of a few
  // ms with the browser let in between; the query's own update is one synchronous render (on a phone's
  // arrival one long task, issue 40). Until then the skeleton, or the last answer with its own line of
  // what it compares, stays.
  const answer = useMemo(
    () => (analytics.data ? { analytics: analytics.data, compared } : undefined),
    [analytics.data, compared],
  );
  const shown = useDeferredValue(answer);

  let indicators;
  let charts = null;
  if (forbidden) indicators = <NoFiguresRight />;
  else if (analytics.isError)
    indicators = (
      <RetryAlert
        title={dashboardMessages.ratingLoadFailed}
        description={friendlyMessage(analytics.error)}
        onRetry={() => void analytics.refetch()}
      />
    );
  else if (!shown) {
    indicators = <KeyIndicatorsSkeleton />;
    charts = (
      <div className="dash-charts" aria-busy="true" aria-label="Загрузка графиков">
        <Skeleton active title={false} paragraph={{ rows: 8 }} />
      </div>
    );
  } else {
    indicators = <KeyIndicators analytics={shown.analytics} comparedText={shown.compared} />;
    const outline = <ChartFigures analytics={shown.analytics} />;
    charts = (
      <WhenNear placeholder={outline}>
        <Suspense fallback={outline}>
          <DashboardCharts analytics={shown.analytics} />
        </Suspense>
      </WhenNear>
    );
  }

  return (
    <Panel className="dash-card dash-figures" bodyClassName="dash-figures__body">
      <div className="dash-figures__head">
        <h3 className="heading heading--4">Показатели</h3>
        {!forbidden && (
          <div className="dash-figures__controls">
            <PeriodSelector kinds={dashboardPeriodKinds} value={period} onChange={onPeriod} today={today} />
            <ExportButton
              stationId={station.id}
              stationName={station.name}
              comparison={comparison}
              until={until}
              comparedText={compared}
              compact={compact}
            />
          </div>
        )}
      </div>
      {indicators}
      {charts}
    </Panel>
  );
}
