import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { dashboardMessages, previousRange, type DateRange } from '@crm/shared';
import { downloadFile } from '../../../lib/excel';
import { useNotify } from '../../../lib/notify';
import { stationAnalyticsQuery, stationRatingQuery } from '../api/station-figures';

interface ExportButtonProps {
  stationId: string;
  stationName: string;
  range: DateRange;
  compact?: boolean;
}

/**
 * The period's analytics as an Excel file (S2 §8 «Dashboard export»). The figures come from the same
 * queries as the page (usually already cached); exceljs loads only on the first export.
 */
export function ExportButton({ stationId, stationName, range, compact }: ExportButtonProps) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const before = previousRange(range);
      let analytics, previous;
      try {
        [analytics, previous] = await Promise.all([
          queryClient.fetchQuery(stationAnalyticsQuery(stationId, range)),
          queryClient.fetchQuery(stationRatingQuery(stationId, before)).catch(() => undefined),
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
          previousRange: before,
          analytics,
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
