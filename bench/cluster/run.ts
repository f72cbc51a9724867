/**
 * `npm run cluster` (issue 41): nginx with deploy/nginx/crm.conf in front of 3 server instances on a
 * throw-away PostgreSQL with the demo data — the production topology on this machine — until Ctrl-C,
 * which stops and removes everything. `--instances N`, `--tls` (HTTPS with HTTP/2, a self-signed
 * certificate). The web client: `npm run build` first (or WEB_DIST_DIR); without it, the API only.
 */
import { parseArgs } from 'node:util';
import { startCluster } from './cluster';

const { values } = parseArgs({
  options: { instances: { type: 'string', default: '3' }, tls: { type: 'boolean', default: false } },
});
const log = (line: string) => console.log(`[cluster] ${line}`);

const cluster = await startCluster({
  instances: Number(values.instances) || 3,
  tls: values.tls,
  log,
});
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  await cluster.stop();
  log('stopped and removed');
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

console.log(`
  ${cluster.url}   (nginx → ${cluster.instances.map((i) => i.port).join(', ')})
  Sign in with a demo user (e.g. «administrator»). PostgreSQL: ${cluster.postgres.url}
  Instances directly: ${cluster.instances.map((i) => i.url).join('  ')}
  Metrics: curl -H 'Authorization: Bearer ${cluster.metricsToken}' ${cluster.instances[0]!.url}/metrics
  Logs: ${cluster.dir} (instance-N.log, nginx/)
  Ctrl-C stops and removes everything.
`);
