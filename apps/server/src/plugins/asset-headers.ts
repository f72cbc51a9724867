import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * helmet's headers that govern a document (or a worker running it), set on every answer. On a build's
 * script, style sheet or icon they mean nothing, and over plain HTTP/1.1 (what `npm start` serves) they
 * are sent uncompressed with each of the ≈ 50 files of a first visit: ≈ 0.8 KB each, ≈ 40 KB in all, a fifth
 * of a second on a slow 4G line (issue 40). nginx serves these files without them too (deploy/nginx).
 * Kept: `X-Content-Type-Options: nosniff` and `Cross-Origin-Resource-Policy`, which do apply to them.
 */
const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** A build's hashed file; a worker's script keeps its policy (a worker's policy comes from its own answer). */
const isBuildFile = (url: string) => url.startsWith('/assets/') && !/\.worker-[\w-]+\.js(\?|$)/.test(url);

export const assetHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isBuildFile(request.url)) for (const header of documentOnlyHeaders) reply.removeHeader(header);
    return payload;
  });
});
