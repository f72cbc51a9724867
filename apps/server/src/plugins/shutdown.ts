import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import net from 'node:net';
import tls from 'node:tls';

/**
 * After the server stops listening, how long a connection accepted just before may take to deliver its
 * request (a loaded host reads it late) before it is closed as idle.
 */
const acceptedGraceMs = 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's place in its life: `draining` from SIGTERM on (server.ts). */
    lifecycle: { draining: boolean };
  }
}

/**
 * Draining (issue 41, server.ts `shutdown`): from SIGTERM on, `GET /api/ready` answers 503 so a proxy or
 * orchestrator stops sending calls here, while the calls that still come are served as usual; each answer
 * then closes its HTTP/1.1 connection (`Connection: close`), so a client's or proxy's kept-alive
 * connection is not reused just as the server stops listening and closes idle ones. HTTP/2 has no
 * such header; its sessions get GOAWAY when the server closes.
 */
export const shutdownPlugin = fp(
  async (app: FastifyInstance) => {
    const lifecycle = { draining: false };
    app.decorate('lifecycle', lifecycle);
    app.addHook('onSend', async (request, reply) => {
      if (lifecycle.draining && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
    });
    /**
     * Stopping to listen without dropping a call a proxy has just sent (issue 41: nginx without upstream
     * keep-alive opens a connection per call and sends it at once). Node's `server.close()` closes every
     * connection with no request in progress — also one accepted a moment ago whose request is not read
     * yet — and the kernel resets the connections it queued but Node had not accepted: the proxy then
     * gets a reset for a call it already sent, and a POST is never repeated elsewhere (502). So, when
     * draining: let the event loop accept and read what is queued (one turn), stop listening at once (new
     * connections are refused, and a proxy sends them to another instance), wait until the connections just
     * accepted have delivered their request (1 s at most), and only then let Fastify close the idle ones.
     */
    // Plain HTTP connections (behind a proxy) that have not delivered a request yet. Over TLS the server's
    // `connection` is the raw socket and a request's the TLS one: not tracked, and not waited for.
    const fresh = new Set<net.Socket>();
    if (!(app.server instanceof tls.Server)) {
      app.server.on('connection', (socket: net.Socket) => {
        fresh.add(socket);
        socket.once('close', () => fresh.delete(socket));
      });
      app.server.on('request', (request: { socket: net.Socket }) => fresh.delete(request.socket));
    }
    app.addHook('preClose', async () => {
      if (!lifecycle.draining || !app.server.listening) return;
      await new Promise<void>((resolve) =>
        setImmediate(() => {
          net.Server.prototype.close.call(app.server);
          resolve();
        }),
      );
      const deadline = Date.now() + acceptedGraceMs;
      while (fresh.size > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
  },
  { name: 'shutdown' },
);
