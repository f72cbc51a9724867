import { lazy, Suspense } from 'react';
import { Alert, Card, Skeleton, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { dashboardMessages, previousRange, type Station } from '@crm/shared';
import { PeriodSelector, type PeriodValue } from '../../../components/period-selector';
import { ApiError, friendlyMessage } from '../../../lib/api-client';
import { useStationAnalytics, useStationRating } from '../api/station-figures';
import { dashboardPeriodKinds } from '../lib/use-dashboard-period';
import { ExportButton } from './export-button';
import { KeyIndicators, KeyIndicatorsSkeleton } from './key-indicators';
import { RetryAlert } from '../../../components/retry-alert';

// recharts is the heaviest part of the page: it loads after the figures, in its own chunk.
const DashboardCharts = lazy(() => import('./dashboard-charts'));

const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

function NoFiguresRight() {
  return <Alert type="info" showIcon icon={<LockOutlined />} title={dashboardMessages.noFiguresRight} />;
}

interface FiguresSectionProps {
  station: Station;
  today: string;
  period: PeriodValue;
  onPeriod(value: PeriodValue): void;
  /** Owner, principal, administrator or role admin; others are not asked for figures at all. */
  allowed: boolean;
  compact: boolean;
}

/** Key indicators and charts for the chosen period, with the previous period for the trends. */
export function FiguresSection({ station, today, period, onPeriod, allowed, compact }: FiguresSectionProps) {
  const range = period.range;
  const rating = useStationRating(station.id, range, allowed);
  const previous = useStationRating(station.id, previousRange(range), allowed);
  const analytics = useStationAnalytics(station.id, range, allowed);
  const forbidden = !allowed || isForbidden(rating.error) || isForbidden(analytics.error);

  let indicators;
  if (forbidden) indicators = <NoFiguresRight />;
  else if (rating.isPending) indicators = <KeyIndicatorsSkeleton />;
  else if (rating.isError)
    indicators = (
      <RetryAlert
        title={dashboardMessages.ratingLoadFailed}
        description={friendlyMessage(rating.error)}
        onRetry={() => void rating.refetch()}
      />
    );
  else indicators = <KeyIndicators current={rating.data} previous={previous.data} />;

  let charts = null;
  if (!forbidden) {
    const chartsSkeleton = (
      <div className="dash-charts" aria-busy="true" aria-label="Загрузка графиков">
        <Skeleton active title={false} paragraph={{ rows: 8 }} />
      </div>
    );
    if (analytics.isPending) charts = chartsSkeleton;
    else if (analytics.isError)
      charts = (
        <RetryAlert
          title={dashboardMessages.ratingLoadFailed}
          description={friendlyMessage(analytics.error)}
          onRetry={() => void analytics.refetch()}
        />
      );
    else
      charts = (
        <Suspense fallback={chartsSkeleton}>
          <DashboardCharts analytics={analytics.data} />
        </Suspense>
      );
  }

  return (
    <Card className="dash-card dash-figures" styles={{ body: { display: 'grid', gap: 16 } }}>
      <div className="dash-figures__head">
        <Typography.Title level={4} style={{ margin: 0 }}>
          Показатели
        </Typography.Title>
        <div className="dash-figures__controls">
          <PeriodSelector kinds={dashboardPeriodKinds} value={period} onChange={onPeriod} today={today} />
          {!forbidden && (
            <ExportButton stationId={station.id} stationName={station.name} range={range} compact={compact} />
          )}
        </div>
      </div>
      {indicators}
      {charts}
    </Card>
  );
}
