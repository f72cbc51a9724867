import { setFlagsFromString } from 'node:v8';

/*
 * What the embedded database costs in memory (bench:memory, README «Benchmarks»). PGlite's WASM memory only
 * grows, and every page PostgreSQL touches stays resident for the life of the process, so its buffers are
 * sized for a car wash's database (the demo's tables and indexes are ≈ 10 MB), not PostgreSQL's defaults:
 *   - shared_buffers 128 MB → 16 MB: PostgreSQL fills its buffer pool as it reads and never gives it back,
 *     which was ≈ 120 MB of the 640 MB idle RSS. A page not in the pool is read from the OS page cache.
 *   - maintenance_work_mem 64 MB → 16 MB: an index build (migrations) may take that much once, for good.
 * work_mem (4 MB per sort) and temp_buffers (8 MB, per temporary table) stay PostgreSQL's defaults.
 */
export const memoryStartParams: string[] = ['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'];

/**
 * V8 compiles PostgreSQL's 9 MB of WASM with its baseline compiler (Liftoff) and recompiles the hot
 * functions with its optimizing one (TurboFan) as they run; the second copies and the compiler's scratch
 * memory stayed, ≈ 65 MB. With Liftoff alone a 40-day orders query of the demo station took 298–347 ms
 * against 269–414 ms with tiering (issue 15, a loaded 2-core machine): no difference within the noise.
 * The flag is process-wide and only concerns WASM (the server's own JavaScript is unaffected); it must be
 * set before PGlite compiles its module.
 */
export function compileWasmWithBaselineOnly() {
  setFlagsFromString('--liftoff-only');
}
