import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every API answer is `Cache-Control: no-store` unless its route says otherwise (DESIGN §8): they carry
 * names, phones and figures, which must not stay in a shared computer's cache or a proxy. Set when the
 * request arrives, so error answers get it too and a route that chooses its own caching (the car
 * collection) simply overrides it.
 */
export const noStorePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
});
