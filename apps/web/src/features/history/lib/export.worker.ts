import { runExportJob } from './export-job';
import type { ExportReply, ExportRequest } from './export-protocol';

// The worker's global scope, typed by hand: the web project compiles against the DOM library, not
// WebWorker, and only these two members are used.
interface WorkerScope {
  onmessage: ((event: MessageEvent<ExportRequest>) => void) | null;
  postMessage(message: ExportReply, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

/**
 * The history export off the page's thread: the list call (megabytes of JSON to parse) and the
 * workbook (exceljs takes a second or more for ten thousand rows). One request, one file.
 */
scope.onmessage = (event) => {
  void runExportJob(event.data, (reply, transfer) => scope.postMessage(reply, transfer));
};
