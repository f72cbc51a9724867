import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the browser downloads; images and fonts are compressed already. */
const compressible = /\.(js|mjs|css|svg|json|html|txt)$/;
/** Under this the headers outweigh the saving (the server's on-the-fly threshold too, app.ts). */
const MIN_BYTES = 1024;

/**
 * Each hashed file of the build once more as `<file>.br` (brotli, best quality) and `<file>.gz` (gzip,
 * best level), for the server to send as they are (issue 40).
 *
 * A first visit on a slow phone network waits for the bytes of the first screen (≈ 310 KB of scripts and
 * styles on the calendar): over HTTP/1.1 its largest paint is bound by them. The server compressed each
 * response as it went, with gzip at the middle level; compressing once at build time can afford brotli's
 * best quality, ≈ 13 % smaller than gzip's best on the first screen's files (and the CPU of every
 * response is saved). The files are immutable (hashed names), so the work is done once per release.
 * Browsers that do not accept brotli get the `.gz` file; a file without them is compressed as before.
 */
export async function precompressFile(path: string): Promise<void> {
  const source = await readFile(path);
  if (source.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
}

/** The build's `assets/` files (hashed, served as immutable), written beside themselves compressed. */
export function precompressAssets(): Plugin {
  return {
    name: 'crm-precompress-assets',
    apply: 'build',
    enforce: 'post',
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options, bundle) {
        const dir = options.dir;
        if (!dir) return;
        const files = Object.keys(bundle).filter(
          (name) => name.startsWith('assets/') && compressible.test(name),
        );
        await Promise.all(files.map((name) => precompressFile(join(dir, name))));
      },
    },
  };
}
