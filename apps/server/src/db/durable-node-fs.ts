import { fdatasyncSync, fsyncSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/*
 * Why this file exists: PGlite 0.5.16 never reaches the disk. Two things make every PostgreSQL sync a no-op:
 *   1. PGlite starts PostgreSQL with `-F` (fsync = off), so PostgreSQL does not even ask;
 *   2. its Emscripten runtime answers the sync syscalls without syncing: `fdatasync` returns 0 at once and
 *      `fsync` (WASI `fd_sync`) calls `stream_ops.fsync`, which Emscripten's NODEFS does not have.
 * We start PostgreSQL without `-F` and route both syscalls to Node's fsyncSync/fdatasyncSync on the real
 * descriptor behind the NODEFS stream. PostgreSQL's own durability logic then does real syncs: the WAL at
 * every commit (wal_sync_method = fdatasync), data files at checkpoints, directories after creating files.
 */

/** Emscripten errno values (they are not Linux's). */
const EBADF = 8;
const EIO = 29;

interface EmscriptenStream {
  nfd?: number;
  node: { mount: { type: unknown } };
}
interface EmscriptenModule {
  FS: { getStream(fd: number): EmscriptenStream | null };
  NODEFS: { convertNodeCode(error: unknown): number | undefined };
}
type WasmImports = Record<string, Record<string, unknown>>;
type EmscriptenOptions = Parameters<NodeFS['init']>[1] & {
  instantiateWasm?: (imports: WasmImports, done: (...args: unknown[]) => void) => unknown;
};

/** PGlite's start parameters minus `-F`, so PostgreSQL syncs the WAL at commit and data files at checkpoints. */
export const durableStartParams: string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'synchronous_commit=on',
];

/** NODEFS whose fsync/fdatasync really sync the host file. */
export class DurableNodeFs extends NodeFS {
  constructor(readonly dir: string) {
    super(dir);
  }

  override async init(pg: PGlite, opts: EmscriptenOptions) {
    let mod: EmscriptenModule | undefined;
    const instantiate = opts.instantiateWasm;
    if (!instantiate)
      throw new Error('PGlite no longer passes instantiateWasm: cannot install the fsync hook');

    // Emscripten fd → the host descriptor of a NODEFS stream, or an errno (positive) to return.
    const hostFd = (fd: number): number | { errno: number } | undefined => {
      const stream = mod?.FS.getStream(fd);
      if (!stream) return { errno: EBADF };
      // Only the data directory (NODEFS) is on the host; /tmp, /dev … are in memory and need no sync.
      if (stream.node.mount.type !== mod?.NODEFS) return undefined;
      return stream.nfd;
    };
    const sync = (fd: number, how: (nfd: number) => void): number => {
      const target = hostFd(fd);
      if (target === undefined) return 0;
      if (typeof target === 'object') return target.errno;
      try {
        how(target);
        return 0;
      } catch (error) {
        // PostgreSQL PANICs on a failed fsync (data_sync_retry = off): that is what we want it to see.
        return mod?.NODEFS.convertNodeCode(error) ?? EIO;
      }
    };

    const wrapped: EmscriptenOptions = {
      ...opts,
      instantiateWasm: (imports, done) => {
        const env = imports.env;
        const wasi = imports.wasi_snapshot_preview1;
        if (typeof env?.__syscall_fdatasync !== 'function' || typeof wasi?.fd_sync !== 'function') {
          // Refuse to run silently non-durable after a PGlite upgrade renames the syscalls.
          throw new Error('PGlite WASM imports changed: no __syscall_fdatasync / fd_sync to make durable');
        }
        // Syscall convention: 0 or −errno. WASI convention: 0 or errno.
        env.__syscall_fdatasync = (fd: number) => -sync(fd, fdatasyncSync);
        wasi.fd_sync = (fd: number) => sync(fd, fsyncSync);
        return instantiate(imports, done);
      },
    };
    const result = await super.init(pg, wrapped);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      (module: unknown) => {
        mod = module as EmscriptenModule;
      },
      ...preRun,
    ];
    return result;
  }
}

/** PGlite options for a durable file-backed database in `dir` (PGlite's own folder, e.g. DATA_DIR/pglite). */
export function durablePgliteOptions(dir: string): Pick<PGliteOptions, 'fs' | 'startParams'> {
  return { fs: new DurableNodeFs(dir), startParams: durableStartParams };
}
