/**
 * `npm run partner:simulate -- [--station "Мойка на Ленина"] [--rate 2/min] [--partner yandex|benzuber]
 *   [--url http://127.0.0.1:8080] [--callback-port 9009] [--tariff <id>] [--once] [--no-callback-setup]`
 *
 * Books into the demo as a partner would (simulator.ts). `--station` takes a name or a partner_station_id
 * (repeatable; all the partner's demo stations by default); names and the provider tariffs are read through
 * the demo's sign-in. Unless `--no-callback-setup`, the partner's callback URL is pointed at this
 * simulator's receiver (as the demo system admin), so «Принять» in the dashboard is called back here.
 * `--once`: one booking, then wait for its first callback (60 s); exit 0 when it came signed, else 1.
 */
import { parseArgs } from 'node:util';
import { pointCallbacksAt, resolveDemoStations, type StationTarget } from './demo-setup';
import { createSimulator, demoPartners, type DemoPartnerName } from './simulator';

const { values } = parseArgs({
  options: {
    station: { type: 'string', multiple: true },
    rate: { type: 'string', default: '2/min' },
    partner: { type: 'string', default: 'yandex' },
    url: { type: 'string' },
    'public-url': { type: 'string' },
    'callback-port': { type: 'string', default: '9009' },
    tariff: { type: 'string', multiple: true },
    once: { type: 'boolean', default: false },
    'no-callback-setup': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(
    'npm run partner:simulate -- [--station <name|partner_station_id>]... [--rate N/min] ' +
      '[--partner yandex|benzuber] [--url URL] [--callback-port N] [--tariff ID]... [--once] [--no-callback-setup]',
  );
  process.exit(0);
}

const fail = (message: string): never => {
  console.error(`partner:simulate: ${message}`);
  process.exit(1);
};

const partnerName = (values.partner ?? 'yandex').toLowerCase() as DemoPartnerName;
const partner = demoPartners[partnerName] ?? fail(`unknown partner «${values.partner}» (yandex or benzuber)`);
const rateMatch = /^(\d+(?:\.\d+)?)(?:\/min)?$/.exec(values.rate ?? '2/min');
const rate = rateMatch ? Number(rateMatch[1]) : fail(`--rate: N/min, e.g. 2/min (got «${values.rate}»)`);
const baseUrl = (values.url ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`).replace(/\/$/, '');
const publicUrl = values['public-url'] ?? process.env.PUBLIC_URL ?? baseUrl;
const callbackPort = Number(values['callback-port']);
const wanted = values.station ?? [];

let stations: StationTarget[] = [];
try {
  stations = await resolveDemoStations(baseUrl, wanted, partner.stations, { publicUrl });
} catch (error) {
  console.warn(`could not read the demo's stations: ${error instanceof Error ? error.message : error}`);
}
if (stations.length === 0) {
  // No demo sign-in: partner_station_ids as given, tariffs from --tariff.
  const ids = wanted.filter((w) => /^[A-Za-z0-9._:-]+$/.test(w));
  if (ids.length === 0 || !values.tariff?.length) {
    fail(
      `no station matched ${wanted.length ? wanted.map((w) => `«${w}»`).join(', ') : '(any)'} through the ` +
        `demo's sign-in; give --station <partner_station_id> and --tariff <provider tariff id>`,
    );
  }
  stations = ids.map((id) => ({ partnerStationId: id, name: id, tariffIds: values.tariff! }));
} else if (values.tariff?.length) {
  stations = stations.map((s) => ({ ...s, tariffIds: values.tariff! }));
}

const simulator = createSimulator({
  baseUrl,
  partner,
  stations,
  ratePerMinute: rate,
  callbackPort,
});
const receiver = await simulator.startReceiver();
if (receiver && !values['no-callback-setup']) {
  try {
    await pointCallbacksAt(baseUrl, partner.id, receiver.url, { publicUrl });
    console.log(`callbacks: ${partnerName}'s callback URL → ${receiver.url}`);
  } catch (error) {
    console.warn(
      `callbacks: receiver on ${receiver.url}, but the partner's callback URL was not changed ` +
        `(${error instanceof Error ? error.message : error}); set it on «Партнёры»`,
    );
  }
}
console.log(
  `partner ${partnerName} → ${baseUrl}: ${stations.map((s) => `${s.name} (${s.partnerStationId})`).join(', ')}` +
    (values.once ? ', one booking' : `, ${rate}/min`),
);

const stop = async (code: number) => {
  await simulator.stop();
  process.exit(code);
};
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));

if (values.once) {
  const result = await simulator.bookOnce();
  if (result.status !== 201) await stop(1);
  console.log('waiting for the station to answer it (accept or decline in the dashboard) …');
  try {
    const callback = await receiver!.waitFor(
      (c) => c.body?.data.partner_order_id === result.partnerOrderId,
      Number(process.env.SIMULATOR_WAIT_MS) || 60_000,
    );
    await stop(callback.valid ? 0 : 1);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await stop(1);
  }
} else {
  await simulator.start();
}
