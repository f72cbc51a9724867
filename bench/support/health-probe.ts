/**
 * The liveness probe of bench:overload, in a process of its own as an orchestrator's would be, so that the
 * load generator's own busy event loop does not delay it: `GET <url>` every `everyMs` (one at a time) until
 * SIGTERM, then the latencies and statuses as one JSON line on stdout. It keeps one connection open, as a
 * load balancer's checker does: a connection opened while autocannon runs got its first answer only when
 * autocannon stopped, on the old code as on the new (measured with curl), whatever the server answered.
 */
import { Agent } from 'node:http';
import { call } from './overload-load';

const [url, everyArg] = process.argv.slice(2);
const everyMs = Number(everyArg ?? 100);
const latencies: number[] = [];
const statuses: Record<string, number> = {};
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
let stopped = false;
process.once('SIGTERM', () => (stopped = true));
// The connection is open before the load starts.
await call(url!, { agent }).catch(() => {});
console.log('probing');
while (!stopped) {
  const started = performance.now();
  let status = 'error';
  try {
    status = String((await call(url!, { agent })).status);
  } catch {
    // a refused or timed-out probe counts as a failure, with its time
  }
  const took = performance.now() - started;
  latencies.push(took);
  statuses[status] = (statuses[status] ?? 0) + 1;
  if (took < everyMs) await new Promise((r) => setTimeout(r, everyMs - took));
}
console.log(JSON.stringify({ latencies, statuses }));
