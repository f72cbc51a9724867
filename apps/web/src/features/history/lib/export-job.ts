import type { ExportOrder } from '@crm/shared';
import { toExportOrder, type ExportReply, type ExportRequest } from './export-protocol';
import { buildHistoryWorkbook } from './history-workbook';

type Post = (reply: ExportReply, transfer?: Transferable[]) => void;

/** Epoch milliseconds with sub-millisecond precision, comparable across the page and the worker. */
const now = () => performance.timeOrigin + performance.now();

/**
 * One export, start to end: the list call, then the workbook. Runs in the export worker (and on the
 * page's thread only where there are no workers); every outcome is a reply, it never throws.
 */
export async function runExportJob(request: ExportRequest, post: Post): Promise<void> {
  let orders: ExportOrder[];
  const timeout = AbortSignal.timeout(request.timeoutMs);
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: { ...request.headers, Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(request.body),
      credentials: 'same-origin',
      signal: timeout,
    });
    const data: unknown = await response.json().catch(() => null);
    const list = (data as { orders?: unknown } | null)?.orders;
    // A 2xx without a list (a proxy's page, an old server) is no success either.
    if (!response.ok || !Array.isArray(list)) {
      return post({ type: 'fetch-failed', status: response.ok ? 500 : response.status, data });
    }
    // Only the four fields the file needs stay alive; the full orders go with `data`.
    orders = (list as ExportOrder[]).map(toExportOrder);
  } catch {
    return post({
      type: 'fetch-failed',
      status: 0,
      code: timeout.aborted ? 'TIMEOUT' : 'NETWORK',
      data: null,
    });
  }
  if (orders.length === 0) return post({ type: 'empty' });
  post({ type: 'loaded', count: orders.length, at: now() });

  try {
    const file = await buildHistoryWorkbook(orders, request.timeZone, request.tariffNames, (done, total) =>
      post({ type: 'progress', done, total }),
    );
    post({ type: 'done', file, at: now() }, [file]);
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
