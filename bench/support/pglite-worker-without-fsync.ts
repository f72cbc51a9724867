/** The PGlite worker of bench/support/server-without-fsync.ts: PGlite.create without the durable options. */
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { DurableNodeFs } from '../../apps/server/src/db/durable-node-fs';

type Create = (options?: PGliteOptions) => Promise<PGlite>;
const create = PGlite.create.bind(PGlite) as Create;
(PGlite as unknown as { create: Create }).create = (options) => {
  if (options?.fs instanceof DurableNodeFs) {
    const { fs, startParams: _durable, ...rest } = options;
    return create({ ...rest, dataDir: fs.dir });
  }
  return create(options);
};

await import('../../apps/server/src/db/pglite-worker');
