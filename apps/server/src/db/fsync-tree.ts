import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

// Beside durable-node-fs.ts, not in it: the server's own thread syncs a new data directory and must not load
// PGlite for that (it runs in the worker; bench:memory).

/**
 * fsync every file and folder under `dir`, then the folders above it up to `root` (an ancestor of `dir`).
 * PGlite writes a new data directory (initdb's result, or a loaded dump) through plain writes before
 * PostgreSQL starts, and PostgreSQL only re-syncs a directory after a crash, so a fresh one is synced here.
 */
export function fsyncTree(dir: string, root = dirname(dir)) {
  const syncPath = (path: string) => {
    const fd = openSync(path, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  };
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) syncPath(child);
    }
    syncPath(path);
  };
  walk(dir);
  // The new folders' own entries live in their parents.
  for (let up = dirname(dir); ; up = dirname(up)) {
    syncPath(up);
    if (up === root || up === dirname(up)) break;
  }
}
