import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * theme-init.js (the theme and accent before the first paint, the first date formatter) written into the
 * pages that load it, in place of their `<script src="/theme-init.js">`. A blocking file of its own held
 * the first paint back by a request, and over plain HTTP/1.1 by a connection of its own too (≈ 0.3 s on
 * Lighthouse's slow 4G, issue 40). The server allows exactly this script by its hash
 * (apps/server/src/inline-scripts.ts); its comments stay in the source, not in every page.
 */
export function inlineThemeInit(file: string): Plugin {
  const script = () =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('//'))
      .join('\n')
      .trim();
  return {
    name: 'crm-inline-theme-init',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace('<script src="/theme-init.js"></script>', () => `<script>${script()}</script>`),
    },
  };
}
