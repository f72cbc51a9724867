import type { Driver, DriverImportRow } from '@crm/shared';

/** Messages between the clients page and its worker: read an uploaded file, or write the export. */
export type ClientsJob =
  { type: 'parse'; file: ArrayBuffer; fileName: string } | { type: 'export'; drivers: Driver[] };

export type ClientsReply =
  | { type: 'progress'; done: number; total: number }
  | { type: 'parsed'; rows: DriverImportRow[] }
  | { type: 'built'; file: ArrayBuffer }
  | { type: 'failed'; message: string };

type Post = (reply: ClientsReply, transfer?: Transferable[]) => void;

/** One job, start to end; every outcome is a reply, it never throws. */
export async function runClientsJob(job: ClientsJob, post: Post): Promise<void> {
  const progress = (done: number, total: number) => post({ type: 'progress', done, total });
  try {
    const { buildClientsWorkbook, parseClientsFile } = await import('./clients-workbook');
    if (job.type === 'parse') {
      post({ type: 'parsed', rows: await parseClientsFile(job.file, job.fileName, progress) });
    } else {
      const file = await buildClientsWorkbook(job.drivers, progress);
      post({ type: 'built', file }, [file]);
    }
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
