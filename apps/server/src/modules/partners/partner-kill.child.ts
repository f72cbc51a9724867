// A child process of partner-callbacks.durability.test.ts (not a test itself): books as the Yandex demo
// partner, accepts the booking as the station («Принять»), says so on stdout, and waits for the parent's
// kill -9: the kill lands between the commit of the acceptance and any callback (no outbox here).
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import { createAdapters } from '../../adapters';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { orders } from '../../db/schema';
import { demoPartners, signedRequest } from './partners.test-support';

const input = JSON.parse(process.env.PARTNER_CHILD!) as {
  database: { dataDir: string } | { databaseUrl: string };
  headers: Record<string, string>;
  body: { partner_order_id: string };
};
const config = loadConfig({ SEED_DEMO: '0', MAX_EVENT_LOOP_DELAY_MS: '0' });
const database = await openDatabase({ ...input.database, poolSize: 4 });
const app = await buildApp({ db: database.db, database, config, adapters: createAdapters(config) });
await app.ready();
const fail = (what: string, res: { statusCode: number; body: string }) => {
  process.stdout.write(`failed ${what} ${res.statusCode} ${res.body}\n`);
  process.exit(1);
};
const booked = await app.inject(
  signedRequest(demoPartners.yandex, { method: 'POST', url: '/api/partner/v1/bookings', body: input.body }),
);
if (booked.statusCode !== 201) fail('booking', booked);
const [order] = await database.db
  .select({ id: orders.id })
  .from(orders)
  .where(eq(orders.extendedId, input.body.partner_order_id));
const accepted = await app.inject({
  method: 'POST',
  url: `/api/order_booked/${order!.id}`,
  // The prepared headers name a JSON body; the step has none to send.
  headers: input.headers,
  payload: {},
});
if (accepted.statusCode !== 200) fail('accept', accepted);
process.stdout.write(`committed ${order!.id}\n`);
setInterval(() => {}, 60_000);
