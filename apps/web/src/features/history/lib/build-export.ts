import type { ExportReply, ExportRequest } from './export-protocol';

export interface ExportCallbacks {
  /** The orders are in (`at`: epoch ms); the file is being written. */
  onLoaded(count: number, at: number): void;
  /** Share of rows written, 0–1. */
  onProgress(share: number): void;
}

/** How an export ended: the file (`at`: when it was done, epoch ms), nothing to export, or a failed call. */
export type ExportOutcome =
  | { type: 'done'; file: ArrayBuffer; at: number }
  | { type: 'empty' }
  | { type: 'fetch-failed'; status: number; code?: 'TIMEOUT' | 'NETWORK'; data: unknown };

/**
 * Runs one export in a Web Worker: the worker makes the list call, parses it and writes the workbook;
 * this thread only passes messages. Rejects when the file cannot be written; aborting the signal stops
 * the worker at once, call and all (the user left the page).
 */
export function runExport(
  request: ExportRequest,
  callbacks: ExportCallbacks,
  signal?: AbortSignal,
): Promise<ExportOutcome> {
  if (typeof Worker === 'undefined') return runHere(request, callbacks);
  return new Promise<ExportOutcome>((resolve, reject) => {
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
      if (reply.type === 'loaded') callbacks.onLoaded(reply.count, reply.at);
      else if (reply.type === 'progress') callbacks.onProgress(reply.total ? reply.done / reply.total : 1);
      else if (reply.type === 'failed') {
        finish();
        reject(new Error(reply.message));
      } else {
        finish();
        resolve(reply);
      }
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'export worker failed'));
    };
    worker.postMessage(request);
  });
}

/** Without workers (old embedded browsers), the same job on the page's thread. */
async function runHere(request: ExportRequest, callbacks: ExportCallbacks): Promise<ExportOutcome> {
  const { runExportJob } = await import('./export-job');
  let outcome: ExportOutcome | Error = new Error('export ended without an answer');
  await runExportJob(request, (reply) => {
    if (reply.type === 'loaded') callbacks.onLoaded(reply.count, reply.at);
    else if (reply.type === 'progress') callbacks.onProgress(reply.total ? reply.done / reply.total : 1);
    else if (reply.type === 'failed') outcome = new Error(reply.message);
    else outcome = reply;
  });
  if (outcome instanceof Error) throw outcome;
  return outcome;
}
