/**
 * The product server with two meters inside, for bench:overload: how long the event loop goes without a
 * turn (what a liveness probe arriving then waits at least) and how much of the thread PGlite's synchronous
 * WASM calls take. Written as JSON to BENCH_STATS_FILE every 250 ms while it runs.
 */
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';

type SyncExec = (message: Uint8Array) => Uint8Array;

const statsFile = process.env.BENCH_STATS_FILE;
const loop = monitorEventLoopDelay({ resolution: 5 });
const wasm = { calls: 0, ms: 0, longest: 0 };
const proto = PGlite.prototype as unknown as { execProtocolRawSync: SyncExec };
const original = proto.execProtocolRawSync;
proto.execProtocolRawSync = function (this: unknown, message: Uint8Array) {
  const started = performance.now();
  try {
    return original.call(this, message);
  } finally {
    const took = performance.now() - started;
    wasm.calls++;
    wasm.ms += took;
    wasm.longest = Math.max(wasm.longest, took);
  }
};

let since = performance.now();
loop.enable();

if (statsFile) {
  setInterval(() => {
    // The bench asks for a reset when its load starts, so the start and the demo seed do not count.
    if (existsSync(`${statsFile}.reset`)) {
      rmSync(`${statsFile}.reset`);
      loop.reset();
      Object.assign(wasm, { calls: 0, ms: 0, longest: 0 });
      since = performance.now();
      return;
    }
    // Whole or not at all: the bench may read it at any moment.
    writeFileSync(
      `${statsFile}.tmp`,
      JSON.stringify({
        loop: {
          p50: loop.percentile(50) / 1e6,
          p99: loop.percentile(99) / 1e6,
          max: loop.max / 1e6,
        },
        wasm: { ...wasm, share: wasm.ms / (performance.now() - since) },
      }),
    );
    renameSync(`${statsFile}.tmp`, statsFile);
  }, 250).unref();
}

await import('../../apps/server/src/server');
