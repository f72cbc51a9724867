import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy source of each inline script of a built page (`'sha256-…'`): the web build
 * writes theme-init.js into index.html and login.html (apps/web/build/inline-theme-init.ts), and a policy
 * of 'self' alone would block it. Allowed by hash, exactly those scripts run; anything else inline does not.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`,
  );
}
