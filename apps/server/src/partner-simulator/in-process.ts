import type { Config } from '../config';
import { pointCallbacksAt, resolveDemoStations } from './demo-setup';
import { createSimulator, demoPartners, type DemoPartnerName } from './simulator';

type Log = { info(msg: string): void; warn(msg: string): void };

/**
 * `DEMO_PARTNER_SIMULATOR=1`: the demo server runs the partner simulator against itself once it listens,
 * so a newcomer watches partner orders arrive in «Новые заказы» and answers them there. The demo partner
 * (DEMO_PARTNER_SIMULATOR_PARTNER, yandex) books into its demo stations at DEMO_PARTNER_SIMULATOR_RATE
 * a minute (2), and its callback URL is pointed at the simulator's receiver on a free port.
 */
export async function startInProcessSimulator(config: Config, log: Log, env = process.env) {
  if (config.tls) {
    log.warn('partner simulator: not started (the demo serves HTTPS only)');
    return null;
  }
  const name = (env.DEMO_PARTNER_SIMULATOR_PARTNER ?? 'yandex') as DemoPartnerName;
  const partner = demoPartners[name] ?? demoPartners.yandex;
  const baseUrl = `http://127.0.0.1:${config.port}`;
  const stations = await resolveDemoStations(baseUrl, [], partner.stations, { publicUrl: config.publicUrl });
  const simulator = createSimulator({
    baseUrl,
    partner,
    stations,
    ratePerMinute: Number(env.DEMO_PARTNER_SIMULATOR_RATE) || 2,
    callbackPort: 0,
    log: (line) => log.info(`partner simulator: ${line}`),
  });
  const receiver = await simulator.startReceiver();
  if (receiver) await pointCallbacksAt(baseUrl, partner.id, receiver.url, { publicUrl: config.publicUrl });
  await simulator.start();
  log.info(
    `partner simulator: ${name} books into ${stations.map((s) => s.name).join(', ')}; callbacks → ${receiver?.url}`,
  );
  return simulator;
}
