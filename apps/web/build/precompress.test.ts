import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressAssets } from './precompress';

/** Runs the plugin's writeBundle on files written to a temporary build folder, as the bundler would. */
async function build(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'crm-precompress-'));
  mkdirSync(join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const hook = precompressAssets().writeBundle as {
    handler: (options: { dir?: string }, bundle: Record<string, unknown>) => Promise<void>;
  };
  await hook.handler({ dir }, Object.fromEntries(Object.keys(files).map((name) => [name, {}])));
  return dir;
}

// Code as a build writes it: repetitive, like any real chunk.
const chunk = Array.from({ length: 400 }, (_, i) => `function f${i}(a){return a+${i}}`).join(';');

describe('the build compressed once (issue 40: fewer bytes on a first visit)', () => {
  it('writes each hashed script and stylesheet beside itself as brotli and gzip, each the same text', async () => {
    const css = `.ev{color:red}`.repeat(200);
    const dir = await build({ 'assets/index-abc.js': chunk, 'assets/shell-def.css': css });
    for (const [name, text] of [
      ['assets/index-abc.js', chunk],
      ['assets/shell-def.css', css],
    ] as const) {
      const br = readFileSync(join(dir, `${name}.br`));
      const gz = readFileSync(join(dir, `${name}.gz`));
      expect(brotliDecompressSync(br).toString()).toBe(text);
      expect(gunzipSync(gz).toString()).toBe(text);
    }
  });

  it('compresses harder than the server did on the fly: brotli under gzip at its middle level', async () => {
    const dir = await build({ 'assets/index-abc.js': chunk });
    const br = readFileSync(join(dir, 'assets/index-abc.js.br'));
    expect(br.length).toBeLessThan(gzipSync(chunk, { level: 6 }).length);
  });

  it('leaves small files, images and the unhashed pages alone', async () => {
    const dir = await build({
      'assets/tiny-abc.js': 'export{};',
      'assets/icon-abc.png': chunk,
      'index.html': `<!doctype html>${chunk}`,
    });
    for (const name of ['assets/tiny-abc.js', 'assets/icon-abc.png', 'index.html']) {
      expect(existsSync(join(dir, `${name}.br`))).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`))).toBe(false);
    }
  });
});
