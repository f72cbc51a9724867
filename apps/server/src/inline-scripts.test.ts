import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-scripts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it("gives each inline script's hash, byte for byte, and none for a script loaded from a file", () => {
    const body = "(function () {\n  document.documentElement.setAttribute('data-theme', 'тёмная');\n})();";
    const html =
      `<head><script>${body}</script><title>x</title></head>` +
      '<body><script type="module" crossorigin src="/assets/index-abc.js"></script></body>';
    expect(inlineScriptHashes(html)).toEqual([sha256(body)]);
    // One character more is another script: the policy would block it.
    expect(inlineScriptHashes(html.replace(body, `${body} `))).not.toEqual([sha256(body)]);
  });

  it('finds nothing in a page without inline scripts', () => {
    expect(inlineScriptHashes('<script src="/x.js"></script><p>текст</p>')).toEqual([]);
  });
});
