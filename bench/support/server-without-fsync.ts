/**
 * bench:durability's "before the fix" server: the product server whose PGlite worker opens PGlite as it
 * was before apps/server/src/db/durable-node-fs.ts — stock NODEFS (the sync syscalls do nothing) and
 * PGlite's stock start parameters (`-F`, fsync off). Never used by the product; it exists so the write
 * cost of durability is measured through the whole server in the same run.
 */
import { PgliteWorkerClient } from '../../apps/server/src/db/pglite-worker-client';

PgliteWorkerClient.entry = new URL('./pglite-worker-without-fsync.ts', import.meta.url);

await import('../../apps/server/src/server');
