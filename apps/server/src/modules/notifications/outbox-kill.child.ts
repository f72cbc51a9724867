// A child process of outbox.durability.test.ts (not a test itself): commits one order through the API on
// the given database, says so on stdout, and waits for the parent's kill -9.
import { buildApp } from '../../app';
import { createAdapters } from '../../adapters';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';

const input = JSON.parse(process.env.OUTBOX_CHILD!) as {
  database: { dataDir: string } | { databaseUrl: string };
  headers: Record<string, string>;
  stationId: string;
  body: object;
};
const config = loadConfig({ SEED_DEMO: '0', MAX_EVENT_LOOP_DELAY_MS: '0' });
const database = await openDatabase({ ...input.database, poolSize: 4 });
const app = await buildApp({ db: database.db, database, config, adapters: createAdapters(config) });
await app.ready();
// No outbox here: the kill lands between the order's commit and any send.
const res = await app.inject({
  method: 'POST',
  url: `/api/create_order/${input.stationId}`,
  headers: input.headers,
  payload: input.body,
});
if (res.statusCode !== 200) {
  process.stdout.write(`failed ${res.statusCode} ${res.body}\n`);
  process.exit(1);
}
process.stdout.write(`committed ${(res.json() as { order: { id: string } }).order.id}\n`);
setInterval(() => {}, 60_000);
