/**
 * What one calendar week list costs the request thread when PGlite runs on it: the time inside PGlite's
 * synchronous WASM calls (the thread is held for each) and the whole call. Measured in-process, one call
 * at a time over a real socket, on the PGlite directory the bench's server has released.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { createAdapters } from '../../apps/server/src/adapters';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { stations, users } from '../../apps/server/src/db/schema';
import { createSession, SESSION_COOKIE } from '../../apps/server/src/plugins/auth';
import { currentWeek } from './requests';

type SyncExec = (message: Uint8Array) => Uint8Array;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const f = (x: number) => x.toFixed(1);

export async function measureEventLoopHold(
  dataDir: string,
  stationName: string,
  login: string,
  runs = 50,
): Promise<{ runs: number; lines: string[] }> {
  // Time every synchronous trip into the WASM engine: that is where the thread is held.
  const proto = PGlite.prototype as unknown as { execProtocolRawSync: SyncExec };
  const original = proto.execProtocolRawSync;
  let calls: number[] = [];
  proto.execProtocolRawSync = function (this: unknown, message: Uint8Array) {
    const started = performance.now();
    try {
      return original.call(this, message);
    } finally {
      calls.push(performance.now() - started);
    }
  };

  const database = await openDatabase({ dataDir });
  const lines: string[] = [];
  try {
    const [user] = await database.db.select().from(users).where(eq(users.login, login));
    const [station] = await database.db.select().from(stations).where(eq(stations.name, stationName));
    if (!user || !station) throw new Error(`no ${login} or «${stationName}» in ${dataDir}`);
    const { token } = await createSession(database.db, user.id);
    const headers = {
      cookie: `${SESSION_COOKIE}=${token}`,
      'x-user-id': user.id,
      'content-type': 'application/json',
    };
    const body = JSON.stringify({ station_id: station.id, ...currentWeek() });
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    /** The longest time the loop went without a turn while `work` ran (a probe arriving then waits that). */
    const longestStall = async (work: () => Promise<unknown>) => {
      histogram.reset();
      histogram.enable();
      await work();
      // Let the sampling timer fire once more so a stall at the very end is recorded.
      await new Promise((r) => setTimeout(r, 2));
      histogram.disable();
      return histogram.max / 1e6;
    };

    // Real sockets, as the server runs; no admission control: this measures the engine alone.
    const config = loadConfig({
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_IN_FLIGHT_REQUESTS: '0',
    });
    const app = await buildApp({ db: database.db, database, config, adapters: createAdapters(config) });
    const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/order/list`;
    const weekList = async () => {
      const res = await fetch(url, { method: 'POST', headers, body });
      await res.arrayBuffer();
      return res.status;
    };
    try {
      for (let i = 0; i < 10; i++) await weekList();
      const wasmSum: number[] = [];
      const wasmMax: number[] = [];
      const wasmCount: number[] = [];
      const total: number[] = [];
      const stall: number[] = [];
      for (let i = 0; i < runs; i++) {
        calls = [];
        const started = performance.now();
        let status = 0;
        stall.push(await longestStall(async () => (status = await weekList())));
        total.push(performance.now() - started);
        if (status !== 200) throw new Error(`week list in-process: ${status}`);
        wasmSum.push(calls.reduce((a, b) => a + b, 0));
        wasmMax.push(Math.max(...calls));
        wasmCount.push(calls.length);
      }
      if (!Math.max(0, ...wasmCount)) {
        lines.push(
          `one week list at a time: ${f(median(total))} ms; no PGlite WASM call on the request thread`,
        );
        return { runs, lines };
      }
      lines.push(
        `one week list at a time (${runs}, medians): ${f(median(total))} ms, of it ${f(median(wasmSum))} ms in ` +
          `PGlite's synchronous WASM calls (${median(wasmCount)} calls, the longest ${f(median(wasmMax))} ms); ` +
          `the longest stretch without a loop turn ${f(median(stall))} ms (max ${f(Math.max(...stall))})`,
      );
    } finally {
      await app.close();
    }
    return { runs, lines };
  } finally {
    proto.execProtocolRawSync = original;
    await database.close();
  }
}
