/**
 * Initial JavaScript (gzip) of a route: the entry chunk plus the lazy route modules it needs to render,
 * each with its static import graph, read from Vite's manifest (`build.manifest`). Dynamic imports are
 * not counted: they load later (greeting, tour, update card) or for other routes.
 *
 *   npx tsx bench/web-size.ts [distDir]      (default apps/web/dist)
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The lazy route modules each route renders (see apps/web/src/app/router.tsx). */
export const routes: Record<string, string[]> = {
  'login (/auth/yandex)': ['src/app/root-boundary.tsx', 'src/features/auth/pages/login-page.tsx'],
  'station picker (/)': [
    'src/app/root-boundary.tsx',
    'src/app/layout/app-layout.tsx',
    'src/features/stations/pages/station-picker-page.tsx',
  ],
};

/** Every chunk key reachable through static imports from the given keys. */
export function staticGraph(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the manifest: ${key}`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

export function routeSize(distDir: string, manifest: Manifest, modules: string[]) {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  const keys = staticGraph(manifest, [entry, ...modules]);
  let js = 0;
  let css = 0;
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    files.add(chunk.file);
    js += gzipSync(readFileSync(join(distDir, chunk.file)), { level: 9 }).length;
    for (const file of chunk.css ?? []) {
      if (files.has(file)) continue;
      files.add(file);
      css += gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
    }
  }
  return { chunks: keys.size, js, css };
}

function main() {
  const distDir = resolve(process.argv[2] ?? 'apps/web/dist');
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  for (const [name, modules] of Object.entries(routes)) {
    const { chunks, js, css } = routeSize(distDir, manifest, modules);
    console.log(`${name.padEnd(26)} JS ${kb(js).padStart(9)} gzip in ${chunks} chunks, CSS ${kb(css)} gzip`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
