import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { dashboardMessages, type Comparison, type DateRange } from '@crm/shared';
import { downloadFile } from '../../../lib/excel';
import { useNotify } from '../../../lib/notify';
import { stationAnalyticsQuery, stationRatingQuery } from '../api/station-figures';

interface ExportButtonProps {
  stationId: string;
  stationName: string;
  range: DateRange;
  /** What the page's trends compare, so the file's trend column says the same thing. */
  comparison: Comparison;
  until: string | undefined;
  comparedText: string;
  compact?: boolean;
}

/**
 * The period's analytics as an Excel file (S2 §8 «Dashboard export»). The figures come from the same
 * queries as the page (usually already cached); exceljs loads only on the first export.
 */
export function ExportButton(props: ExportButtonProps) {
  const { stationId, stationName, range, comparison, until, comparedText, compact } = props;
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      let analytics, compared, previous;
      try {
        // The compared spans are not worth failing the file for: without them it has no trend column.
        [analytics, compared, previous] = await Promise.all([
          queryClient.fetchQuery(stationAnalyticsQuery(stationId, range)),
          queryClient
            .fetchQuery(stationRatingQuery(stationId, comparison.current, until))
            .catch(() => undefined),
          queryClient
            .fetchQuery(stationRatingQuery(stationId, comparison.previous, until))
            .catch(() => undefined),
        ]);
      } catch (error) {
        notify.error(error, dashboardMessages.exportLoadFailed);
        return;
      }
      if (analytics.rating.total_count === 0) {
        notify.warning(dashboardMessages.exportEmpty);
        return;
      }
      try {
        const { analyticsFileName, buildAnalyticsWorkbook } = await import('../lib/analytics-workbook');
        const file = await buildAnalyticsWorkbook({
          stationName,
          range,
          comparedText,
          analytics,
          compared,
          previous,
        });
        downloadFile(file, analyticsFileName(range));
        notify.success(dashboardMessages.exportDone);
      } catch {
        notify.error(dashboardMessages.exportFailed);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => void run()}
      aria-label="Экспорт в Excel"
    >
      {compact ? null : 'Экспорт в Excel'}
    </Button>
  );
}
