/**
 * A server-sent event stream on a bare TCP socket, for `bench:capacity`: thousands of open streams
 * from one process cost a socket and a small parser each (no EventSource, no HTTP client objects).
 * It reads the status line, then `event:` / `data:` lines; comments (heartbeats) are ignored.
 */
import { connect, type Socket } from 'node:net';

export interface SseEvent {
  event: string;
  data: string;
}

export interface SseConnection {
  /** Resolves once the server answered 200 and sent its first line; rejects otherwise. */
  opened: Promise<void>;
  close(): void;
}

export interface SseOptions {
  host: string;
  port: number;
  path: string;
  headers: Record<string, string>;
  onEvent(event: SseEvent): void;
  /** The stream ended or failed after it had opened. */
  onClose?(): void;
}

export function openSse(options: SseOptions): SseConnection {
  const socket: Socket = connect({ host: options.host, port: options.port });
  socket.setNoDelay(true);
  socket.setEncoding('utf8');
  const head = [
    `GET ${options.path} HTTP/1.1`,
    `host: ${options.host}:${options.port}`,
    'accept: text/event-stream',
    ...Object.entries(options.headers).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  socket.write(head);

  let buffer = '';
  let headerDone = false;
  let open = false;
  let event = 'message';
  let data: string[] = [];
  let settle: { resolve(): void; reject(error: Error): void };
  const opened = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  opened.catch(() => {});

  const line = (text: string) => {
    if (text === '') {
      if (data.length) options.onEvent({ event, data: data.join('\n') });
      event = 'message';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };

  socket.on('data', (chunk: string) => {
    buffer += chunk;
    if (!headerDone) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const status = buffer.slice(0, buffer.indexOf('\r\n'));
      if (!/^HTTP\/1\.1 200 /.test(status)) {
        settle.reject(new Error(`SSE ${options.path}: ${status}`));
        socket.destroy();
        return;
      }
      headerDone = true;
      // The product answers chunked; chunk-size lines are short hex lines we skip below.
      buffer = buffer.slice(end + 4);
    }
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const text = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      if (/^[0-9a-f]+$/i.test(text) && !open) {
        // The first chunk's size line: the stream is live once data follows.
        continue;
      }
      if (!open) {
        open = true;
        settle.resolve();
      }
      if (/^[0-9a-f]+$/i.test(text)) continue;
      line(text);
    }
  });
  const closed = () => {
    settle.reject(new Error(`SSE ${options.path}: closed before it opened`));
    if (open) options.onClose?.();
    open = false;
  };
  socket.on('error', closed);
  socket.on('close', closed);

  return {
    opened,
    close: () => {
      socket.removeAllListeners('close');
      socket.on('error', () => {});
      socket.destroy();
    },
  };
}
