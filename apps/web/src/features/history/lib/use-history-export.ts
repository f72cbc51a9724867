import { useCallback, useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import { exportMessages, historyExportFileName } from '@crm/shared';
import { useNotify } from '../../../lib/notify';
import { fetchAllHistory, type HistoryQuery } from '../api/history-list';
import { buildExportFile, downloadFile } from './build-export';
import { toExportOrder } from './export-protocol';

/** The page's filters; station and range may be missing (the S1 §8 «missing station / range» cases). */
export type ExportQuery = Omit<HistoryQuery, 'stationId' | 'range'> &
  Partial<Pick<HistoryQuery, 'stationId' | 'range'>>;

/** Where an export is: idle, fetching the orders, or writing the file (share of rows written, 0–1). */
export type ExportState = { phase: 'idle' } | { phase: 'loading' } | { phase: 'building'; share: number };

const loadingKey = 'history-export';

/**
 * The history export (S1 §9, texts of S1 §8): every order matching the page's filters (not only the
 * page shown), written to «История заказов <dates>.xlsx» in a Web Worker, saved through a download.
 */
export function useHistoryExport(query: ExportQuery, timeZone: string) {
  const notify = useNotify();
  const { message } = App.useApp();
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);

  // Leaving the page abandons the export: no download, no notification.
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(async () => {
    if (running.current) return;
    const { stationId, range } = query;
    if (!stationId) return notify.warning(exportMessages.noStation);
    if (!range) return notify.warning(exportMessages.noRange);

    const controller = new AbortController();
    running.current = controller;
    setState({ phase: 'loading' });
    performance.mark('history-export-start');
    void message.loading({ key: loadingKey, content: exportMessages.loading, duration: 0 });
    try {
      const orders = await fetchAllHistory({ ...query, stationId, range }, controller.signal);
      if (controller.signal.aborted) return;
      // bench:export splits the time into loading and writing with these marks.
      performance.mark('history-export-loaded');
      if (orders.length === 0) {
        notify.info(exportMessages.empty);
        return;
      }
      setState({ phase: 'building', share: 0 });
      const file = await buildExportFile(
        orders.map(toExportOrder),
        timeZone,
        (share) => setState({ phase: 'building', share }),
        controller.signal,
      );
      if (controller.signal.aborted) return;
      performance.mark('history-export-built');
      downloadFile(file, historyExportFileName(range));
      notify.success(exportMessages.done);
    } catch {
      if (!controller.signal.aborted) notify.error(exportMessages.failed);
    } finally {
      message.destroy(loadingKey);
      if (running.current === controller) running.current = null;
      if (!controller.signal.aborted) setState({ phase: 'idle' });
    }
  }, [query, timeZone, notify, message]);

  return { state, start };
}
