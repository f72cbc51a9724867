import type { ClientsJob, ClientsReply } from './clients-protocol';

type Result = Extract<ClientsReply, { type: 'parsed' | 'built' }>;

/**
 * Runs a job in the clients worker (exceljs loads there, only when a file is read or written); `onProgress`
 * gets the share done, 0–1. Without workers (tests, old embedded browsers) the same job runs here.
 */
export function runClientsJob(job: ClientsJob, onProgress: (share: number) => void): Promise<Result> {
  const handle = (reply: ClientsReply, resolve: (r: Result) => void, reject: (e: Error) => void) => {
    if (reply.type === 'progress') onProgress(reply.total ? reply.done / reply.total : 1);
    else if (reply.type === 'failed') reject(new Error(reply.message));
    else resolve(reply);
  };
  if (typeof Worker === 'undefined') {
    return new Promise<Result>((resolve, reject) => {
      void import('./clients-protocol').then(({ runClientsJob: run }) =>
        run(job, (reply) => handle(reply, resolve, reject)),
      );
    });
  }
  return new Promise<Result>((resolve, reject) => {
    const worker = new Worker(new URL('./clients.worker.ts', import.meta.url), { type: 'module' });
    const done = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<ClientsReply>) => {
      if (event.data.type !== 'progress') done();
      handle(event.data, resolve, reject);
    };
    worker.onerror = (event) => {
      done();
      reject(new Error(event.message || 'clients worker failed'));
    };
    worker.postMessage(job, job.type === 'parse' ? [job.file] : []);
  });
}
