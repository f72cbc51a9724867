import { runClientsJob, type ClientsJob, type ClientsReply } from './clients-protocol';

// The worker's global scope, typed by hand (the web project compiles against DOM, not WebWorker).
interface WorkerScope {
  onmessage: ((event: MessageEvent<ClientsJob>) => void) | null;
  postMessage(message: ClientsReply, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

/** Reading an uploaded client file and writing the export, off the page's thread (exceljs is slow). */
scope.onmessage = (event) => {
  void runClientsJob(event.data, (reply, transfer) => scope.postMessage(reply, transfer));
};
