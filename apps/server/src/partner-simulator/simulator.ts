import { randomBytes } from 'node:crypto';
import { carClasses, type CarClass, type PartnerBookingCreate } from '@crm/shared';
import { errorCodeOf, partnerClient, type PartnerCredentials } from './partner-client';
import { startCallbackReceiver, type CallbackReceiver, type ReceivedCallback } from './receiver';
import type { PartnerBookingAnswer } from './types';
import { demoPartners as seededPartners } from '../modules/demo/demo-partners';

/**
 * A partner simulator (issue 36): books into connected stations as Yandex or Benzuber would — asks the
 * availability of a random provider tariff and car category today or tomorrow, books a free start with a
 * realistic car and a +7 redirection number, now and then cancels one of its earlier bookings as the
 * client — and receives the station's status callbacks on a small signed-webhook receiver.
 *
 * The log never holds the secret or a phone number: time, action, partner order id, status code, result.
 */

/** The demo's development partners (README «Партнёрский API»; never for production), as the seed has them. */
export const demoPartners = {
  yandex: { ...seededPartners.yandex, prefix: 'ya-sim' },
  benzuber: { ...seededPartners.benzuber, prefix: 'bz-sim' },
};
export type DemoPartnerName = keyof typeof demoPartners;

/** Cars as partners send them: brand, model, the class the partner priced. */
const cars: readonly { brand: string; model: string; category: CarClass }[] = [
  { brand: 'Kia', model: 'Rio', category: 'Compact' },
  { brand: 'Hyundai', model: 'Solaris', category: 'Compact' },
  { brand: 'Lada', model: 'Vesta', category: 'Compact' },
  { brand: 'Volkswagen', model: 'Polo', category: 'Compact' },
  { brand: 'Skoda', model: 'Octavia', category: 'MiddleSize' },
  { brand: 'Toyota', model: 'Camry', category: 'MiddleSize' },
  { brand: 'Hyundai', model: 'Creta', category: 'Crossover' },
  { brand: 'Haval', model: 'Jolion', category: 'Crossover' },
  { brand: 'Toyota', model: 'Land Cruiser', category: 'OffRoad' },
  { brand: 'Kia', model: 'Picanto', category: 'Mini' },
  { brand: 'Volkswagen', model: 'Multivan', category: 'MicroBus' },
];
const plateLetters = 'АВЕКМНОРСТУХ';

export interface StationTargetOption {
  partnerStationId: string;
  /** Active provider tariff ids of the station (the partner knows them out of band). */
  tariffIds: readonly string[];
}

export interface SimulatorOptions {
  baseUrl: string;
  partner: PartnerCredentials & { prefix?: string };
  stations: readonly StationTargetOption[];
  /** Bookings a minute (default 2). */
  ratePerMinute?: number;
  /** Chance a tick cancels one of the earlier bookings instead of booking (default 0.2). */
  cancelShare?: number;
  /** The receiver's port (0: a free one); null: no receiver. */
  callbackPort?: number | null;
  /** Where each line goes (default: stdout). */
  log?: (line: string) => void;
  random?: () => number;
}

export interface BookResult {
  status: number;
  partnerOrderId: string;
  booking?: PartnerBookingAnswer;
  /** The car as booked (brand, model, plate, category): how the station's screens show the order. */
  car?: PartnerBookingCreate['car'];
  code?: string;
}

const clock = () => new Date().toISOString().slice(11, 19);

/** The local date in `timeZone`, `days` from today. */
function localDate(timeZone: string, days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

export function createSimulator(options: SimulatorOptions) {
  const random = options.random ?? Math.random;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const write = options.log ?? ((line: string) => console.log(line));
  const log = (action: string, id: string, result: string) =>
    write(`${clock()}  ${action.padEnd(12)} ${id.padEnd(28)} ${result}`);
  const client = partnerClient(options.baseUrl, options.partner);
  const prefix = options.partner.prefix ?? 'sim';
  const runTag = randomBytes(3).toString('hex');
  let counter = 0;
  const timeZones = new Map<string, string>();
  /** This run's live bookings (may be cancelled later). */
  const live: string[] = [];
  let receiver: CallbackReceiver | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const car = () => {
    const chosen = pick(cars);
    const digits = String(100 + Math.floor(random() * 900));
    const letter = () => pick(plateLetters.split(''));
    const region = pick(['77', '97', '99', '177', '197', '777', '50', '750']);
    return { ...chosen, plate_number: `${letter()}${digits}${letter()}${letter()}${region}` };
  };
  const phone = () => `+7495${String(Math.floor(random() * 10_000_000)).padStart(7, '0')}`;

  /** One booking: availability for a random tariff/category today or tomorrow, then a free start. */
  async function bookOnce(station = pick(options.stations)): Promise<BookResult> {
    const partnerOrderId = `${prefix}-${runTag}-${++counter}`;
    if (station.tariffIds.length === 0) {
      log('book', partnerOrderId, `skipped: station ${station.partnerStationId} has no provider tariff`);
      return { status: 0, partnerOrderId };
    }
    const chosenCar = car();
    const tariffId = pick(station.tariffIds);
    const categories: CarClass[] = [
      chosenCar.category,
      ...carClasses.filter((c) => c !== chosenCar.category),
    ];
    for (const days of random() < 0.5 ? [0, 1, 2] : [1, 0, 2]) {
      const timeZone = timeZones.get(station.partnerStationId) ?? 'Europe/Moscow';
      const date = localDate(timeZone, days);
      for (const category of categories.slice(0, 2)) {
        const free = await client.availability(station.partnerStationId, date, tariffId, category);
        if (free.status !== 200 || !free.body || !('start_times' in free.body)) {
          log(
            'availability',
            `${station.partnerStationId} ${date}`,
            `${free.status} ${errorCodeOf(free.body) ?? ''}`,
          );
          continue;
        }
        timeZones.set(station.partnerStationId, free.body.time_zone);
        // Not within the next quarter of an hour: a client on the way.
        const starts = free.body.start_times.filter((s) => Date.parse(s) > Date.now() + 15 * 60_000);
        if (starts.length === 0) continue;
        const booking: PartnerBookingCreate = {
          partner_order_id: partnerOrderId,
          partner_station_id: station.partnerStationId,
          tariff_id: tariffId,
          car: { ...chosenCar, category },
          booking_start: pick(starts),
          client: { redirection_phone: phone(), ext: String(100 + Math.floor(random() * 900)) },
          paid: random() < 0.5,
        };
        const res = await client.book(booking);
        if (res.status === 201 && res.body && 'order_number' in res.body) {
          live.push(partnerOrderId);
          const b = res.body;
          log(
            'book',
            partnerOrderId,
            `201 ${b.status} №${b.order_number} ${station.partnerStationId} ${b.booking_start} (${Math.round(res.ms)} ms)`,
          );
          return { status: 201, partnerOrderId, booking: b, car: booking.car };
        }
        const code = errorCodeOf(res.body);
        log('book', partnerOrderId, `${res.status} ${code ?? ''}`);
        return { status: res.status, partnerOrderId, code };
      }
    }
    log('book', partnerOrderId, `no free time at ${station.partnerStationId} today or tomorrow`);
    return { status: 0, partnerOrderId };
  }

  /** The client cancels one of this run's earlier bookings. */
  async function cancelOne(): Promise<BookResult | null> {
    if (live.length === 0) return null;
    const index = Math.floor(random() * live.length);
    const partnerOrderId = live.splice(index, 1)[0]!;
    const res = await client.cancel(partnerOrderId, 'Клиент передумал');
    const status = res.body && 'status' in res.body ? res.body.status : (errorCodeOf(res.body) ?? '');
    log('cancel', partnerOrderId, `${res.status} ${status}`);
    return { status: res.status, partnerOrderId };
  }

  async function tick() {
    try {
      if (random() < (options.cancelShare ?? 0.2) && live.length > 0) await cancelOne();
      else await bookOnce();
    } catch (error) {
      log('error', '-', error instanceof Error ? error.message : String(error));
    }
  }

  function logCallback(callback: ReceivedCallback) {
    const data = callback.body?.data;
    const what = callback.valid ? (callback.body?.type ?? 'unparsable') : 'SIGNATURE INVALID → 401';
    const extra = data
      ? ` ${data.status}${data.reason ? ` (${data.reason})` : ''} №${data.order_number}`
      : '';
    log(
      'callback',
      data?.partner_order_id ?? callback.webhookId,
      `${what}${extra}${callback.repeat ? ' (repeat)' : ''}`,
    );
  }

  return {
    bookOnce,
    cancelOne,
    /** The running receiver (after `startReceiver()` or `start()`). */
    get receiver() {
      return receiver;
    },
    async startReceiver(): Promise<CallbackReceiver | null> {
      if (receiver || options.callbackPort === null) return receiver;
      receiver = await startCallbackReceiver({
        secrets: [options.partner.secret],
        port: options.callbackPort ?? 0,
        path: `/partner-callbacks/${prefix}`,
        onCallback: logCallback,
      });
      return receiver;
    },
    /** Starts the receiver and books at the rate until `stop()`. */
    async start() {
      await this.startReceiver();
      const every = 60_000 / Math.max(0.01, options.ratePerMinute ?? 2);
      const loop = async () => {
        if (stopped) return;
        await tick();
        if (!stopped) timer = setTimeout(() => void loop(), every * (0.75 + random() * 0.5));
      };
      void loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await receiver?.close();
    },
  };
}
export type Simulator = ReturnType<typeof createSimulator>;
