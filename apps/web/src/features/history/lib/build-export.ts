import type { ExportOrder } from '@crm/shared';
import type { ExportReply, ExportRequest } from './export-protocol';

/**
 * The workbook's bytes, built in a Web Worker; `onProgress` gets 0–1 as rows are written. Aborting the
 * signal stops the worker at once (the user left the page).
 */
export function buildExportFile(
  orders: ExportOrder[],
  timeZone: string,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<ArrayBuffer> {
  if (typeof Worker === 'undefined') return buildHere(orders, timeZone, onProgress);
  return new Promise<ArrayBuffer>((resolve, reject) => {
    // Vite bundles the worker and exceljs into their own chunk: nothing of it loads until an export.
    const worker = new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(new DOMException('export abandoned', 'AbortError'));
    };
    signal?.addEventListener('abort', stop, { once: true });
    const finish = () => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.onmessage = (event: MessageEvent<ExportReply>) => {
      const reply = event.data;
      if (reply.type === 'progress') onProgress(reply.total ? reply.done / reply.total : 1);
      else if (reply.type === 'done') {
        finish();
        resolve(reply.file);
      } else {
        finish();
        reject(new Error(reply.message));
      }
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'export worker failed'));
    };
    const request: ExportRequest = { orders, timeZone };
    worker.postMessage(request);
  });
}

/** Without workers (old embedded browsers), the same build on the page's thread. */
async function buildHere(orders: ExportOrder[], timeZone: string, onProgress: (share: number) => void) {
  const { buildHistoryWorkbook } = await import('./history-workbook');
  return buildHistoryWorkbook(orders, timeZone, (done, total) => onProgress(done / total));
}

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Saves the bytes under `fileName` through a temporary Blob link. */
export function downloadFile(file: ArrayBuffer, fileName: string): void {
  const url = URL.createObjectURL(new Blob([file], { type: xlsxType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns: free it a moment later.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
