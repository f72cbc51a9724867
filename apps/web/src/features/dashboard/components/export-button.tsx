import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { dashboardMessages, type Comparison } from '@crm/shared';
import { downloadFile } from '../../../lib/excel';
import { useNotify } from '../../../lib/notify';
import { stationAnalyticsQuery } from '../api/station-figures';

interface ExportButtonProps {
  stationId: string;
  stationName: string;
  /** What the page shows and compares, so the file holds the same figures. */
  comparison: Comparison;
  until: string | undefined;
  comparedText: string;
  compact?: boolean;
}

/**
 * The period's analytics as an Excel file (S2 §8 «Dashboard export»). The figures come from the page's own
 * query (usually already cached), so the file says what the cards say; exceljs loads only on the first export.
 */
export function ExportButton(props: ExportButtonProps) {
  const { stationId, stationName, comparison, until, comparedText, compact } = props;
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      let analytics;
      try {
        analytics = await queryClient.fetchQuery(stationAnalyticsQuery(stationId, comparison, until));
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
        const range = comparison.current;
        const file = await buildAnalyticsWorkbook({ stationName, range, comparedText, analytics });
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
