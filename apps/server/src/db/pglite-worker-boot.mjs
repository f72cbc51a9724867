// A worker thread gets neither tsx (npm start) nor vite's loader (vitest): the client starts it without the
// parent's `--import` (execArgv: []), and this file registers tsx, then loads the TypeScript entry the
// parent names.
// PGlite is imported first, by Node itself: through tsx's loader its 375 KB bundle cost ≈ 40 MB of resident
// memory that never went back (bench:memory). The entry's imports of it then reuse these module instances.
import '@electric-sql/pglite';
import '@electric-sql/pglite/nodefs';
import '@electric-sql/pglite/contrib/btree_gist';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
