import { buildHistoryWorkbook } from './history-workbook';
import type { ExportReply, ExportRequest } from './export-protocol';

// The worker's global scope, typed by hand: the web project compiles against the DOM library, not
// WebWorker, and only these two members are used.
interface WorkerScope {
  onmessage: ((event: MessageEvent<ExportRequest>) => void) | null;
  postMessage(message: ExportReply, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

/**
 * Builds the history workbook off the page's thread: ten thousand rows take exceljs a second or more,
 * and the page must keep scrolling and answering clicks meanwhile. One request, one file.
 */
scope.onmessage = (event) => {
  const { orders, timeZone } = event.data;
  buildHistoryWorkbook(orders, timeZone, (done, total) =>
    scope.postMessage({ type: 'progress', done, total }),
  )
    .then((file) => scope.postMessage({ type: 'done', file }, [file]))
    .catch((error: unknown) =>
      scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
};
