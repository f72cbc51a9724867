import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { exportMessages, historyExportFileName } from '@crm/shared';
import { apiFailure, apiHeaders } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/excel';
import { notifyDurations } from '../../../lib/notify';
import { ownTariffsQuery } from '../../orders/api/catalog';
import { providerTariffsQuery } from '../../dashboard/api/provider-tariffs';
import { historyRequest, type HistoryQuery } from '../api/history-list';
import { runExport } from './build-export';
import { useFeedback } from '../../../lib/feedback';

/** The page's filters; station and range may be missing (the S1 §8 «missing station / range» cases). */
export type ExportQuery = Omit<HistoryQuery, 'stationId' | 'range'> &
  Partial<Pick<HistoryQuery, 'stationId' | 'range'>>;

/** Where an export is: idle, fetching the orders, or writing the file (share of rows written, 0–1). */
export type ExportState = { phase: 'idle' } | { phase: 'loading' } | { phase: 'building'; share: number };

const listUrl = '/api/order/list';
/** A station's whole year can be large: give it time to come down. */
const listTimeoutMs = 120_000;
/** One toast per export: «Загрузка…» becomes the outcome in place. */
const toastKey = 'history-export';

/** A mark at an epoch time from the worker (its clock starts elsewhere), not when the message got here. */
const markAt = (name: string, at: number) =>
  performance.mark(name, { startTime: Math.max(0, at - performance.timeOrigin) });

/** Tariff id → name of the station's own and partner tariffs, for «Подробно» (cached by the forms). */
async function tariffNamesOf(client: QueryClient, stationId: string): Promise<Record<string, string>> {
  const [own, partner] = await Promise.all([
    client.fetchQuery(ownTariffsQuery(stationId)),
    client.fetchQuery(providerTariffsQuery(stationId)),
  ]);
  return Object.fromEntries([...own, ...partner].map((t) => [t.id, t.name]));
}

/**
 * The history export (S1 §9, texts of S1 §8): every order matching the page's filters (not only the
 * page shown), fetched and written to «История заказов <dates>.xlsx» in a Web Worker, saved through a
 * download. Feedback is the message toast at the top centre, not a notification: those open in the
 * top-right corner, right over «Экспорт», and stay while the pointer rests there — after a click, it does.
 */
export function useHistoryExport(query: ExportQuery, timeZone: string) {
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);

  // Leaving the page abandons the export: no download, no toast.
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(async () => {
    if (running.current) return;
    const say = (type: 'success' | 'info' | 'warning' | 'error', content: string) =>
      void message.open({
        key: toastKey,
        type,
        content,
        duration: type === 'error' ? notifyDurations.error : notifyDurations.default,
      });
    const { stationId, range } = query;
    if (!stationId) return say('warning', exportMessages.noStation);
    if (!range) return say('warning', exportMessages.noRange);

    const controller = new AbortController();
    running.current = controller;
    setState({ phase: 'loading' });
    // bench:export splits the time into loading and writing with these marks.
    performance.mark('history-export-start');
    void message.loading({ key: toastKey, content: exportMessages.loading, duration: 0 });
    const body = historyRequest({ ...query, stationId, range });
    let outcome: 'success' | 'info' | 'error' = 'error';
    try {
      const tariffNames = await tariffNamesOf(queryClient, stationId);
      if (controller.signal.aborted) return;
      const result = await runExport(
        { url: listUrl, body, headers: apiHeaders(), timeoutMs: listTimeoutMs, timeZone, tariffNames },
        {
          onLoaded: (_count, at) => {
            markAt('history-export-loaded', at);
            setState({ phase: 'building', share: 0 });
          },
          onProgress: (share) => setState({ phase: 'building', share }),
        },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      if (result.type === 'fetch-failed') {
        // A 401 signs out, others are reported, as every API call (network failures have no answer).
        if (result.status > 0) apiFailure(listUrl, body, result.status, result.data);
      } else if (result.type === 'empty') {
        outcome = 'info';
      } else {
        markAt('history-export-built', result.at);
        downloadFile(result.file, historyExportFileName(range));
        outcome = 'success';
      }
    } catch {
      // The tariffs did not load, the file could not be written, or the worker died: the same «failed».
    } finally {
      if (running.current === controller) running.current = null;
      if (controller.signal.aborted) message.destroy(toastKey);
      else setState({ phase: 'idle' });
    }
    if (controller.signal.aborted) return;
    if (outcome === 'success') say('success', exportMessages.done);
    else if (outcome === 'info') say('info', exportMessages.empty);
    else say('error', exportMessages.failed);
  }, [query, timeZone, message, queryClient]);

  return { state, start };
}
