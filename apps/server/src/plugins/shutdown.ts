import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
  },
  { name: 'shutdown' },
);
