import { useCallback, useEffect, useRef, useState } from 'react';
import { maxDriverPageSize, type Driver } from '@crm/shared';
import { downloadFile } from '../../../lib/excel';
import { notifyDurations } from '../../../lib/notify';
import { fetchClientPage, type ClientListQuery } from '../api/client-list';
import { clientsExportFileName } from './clients-sheet';
import { clientsPageMessages as text } from './clients-messages';
import { runClientsJob } from './run-clients-job';
import { useFeedback } from '../../../lib/feedback';

/** Where an export is: idle, loading the pages (share of clients loaded), or writing the file. */
export type ClientsExportState = { phase: 'idle' } | { phase: 'loading' | 'building'; share: number };

const toastKey = 'clients-export';

/**
 * Every client of the current filter and search (all pages, not only the one shown), written to
 * «Клиенты DD.MM.YYYY.xlsx» in the clients worker and downloaded.
 */
export function useClientsExport(query: ClientListQuery | null) {
  const { message } = useFeedback();
  const [state, setState] = useState<ClientsExportState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(async () => {
    if (!query || running.current) return;
    const controller = new AbortController();
    running.current = controller;
    const say = (type: 'success' | 'info' | 'error', content: string) =>
      void message.open({
        key: toastKey,
        type,
        content,
        duration: type === 'error' ? notifyDurations.error : notifyDurations.default,
      });
    void message.loading({ key: toastKey, content: text.exportLoading, duration: 0 });
    setState({ phase: 'loading', share: 0 });
    try {
      const drivers: Driver[] = [];
      for (let page = 1; ; page++) {
        const answer = await fetchClientPage(query, page, maxDriverPageSize, controller.signal);
        drivers.push(...answer.drivers);
        setState({ phase: 'loading', share: answer.total ? drivers.length / answer.total : 1 });
        if (answer.drivers.length < maxDriverPageSize || drivers.length >= answer.total) break;
      }
      if (drivers.length === 0) return say('info', text.exportEmpty);
      setState({ phase: 'building', share: 0 });
      const result = await runClientsJob({ type: 'export', drivers }, (share) =>
        setState({ phase: 'building', share }),
      );
      if (controller.signal.aborted || result.type !== 'built') return;
      downloadFile(result.file, clientsExportFileName());
      say('success', text.exportDone);
    } catch {
      if (!controller.signal.aborted) say('error', text.exportFailed);
    } finally {
      running.current = null;
      if (!controller.signal.aborted) setState({ phase: 'idle' });
    }
  }, [query, message]);

  return { state, start };
}
