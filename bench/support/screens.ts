/**
 * Open operator screens for `bench:capacity`, driven open-loop from one cheap process.
 *
 * A screen (S1 §9) keeps the calendar's week polled every 60 s (with If-None-Match, so an unchanged week
 * is a 304), the new orders polled every 20 s, and one server-sent event stream open; an `order` event
 * that carries its orders' state is drawn with no request (issue 40), one that does not is refetched after
 * 300 ms and a random part of 700 ms more, as the web client does (lib/order-events.ts). Meanwhile each station gets a write a minute, so tags change and events flow.
 * Every request is sent at its scheduled time whether or not earlier ones have answered (open loop: a
 * slow server meets the same arrivals, not fewer), and its latency counts from that scheduled time, so a
 * late generator shows up too.
 */
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { openSse, type SseConnection } from './sse-client';

export interface HttpCall {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** What a screen does against one server; the product and the raw baseline answer the same calls. */
export interface ScreenTarget {
  host: string;
  port: number;
  /** The week poll, with the screen's tag when it has one. */
  calendar(station: number, screen: number, etag: string | undefined): HttpCall;
  newOrders(station: number, screen: number): HttpCall;
  /** What a screen fetches for one changed order (the calendar patches it in). */
  order(orderId: string, screen: number): HttpCall;
  /** One order write at the station (the trickle). */
  write(station: number, n: number): HttpCall;
  events(station: number, screen: number): { path: string; headers: Record<string, string> };
}

/**
 * How a screen answers an `order` event: `order` — the one order and the new orders (the lean
 * calendar); `week` — the week (If-None-Match) and the new orders (a client that refetches the list).
 */
export type Reaction = 'order' | 'week' | 'none';

export interface ScreenSchedule {
  durationMs: number;
  /** Requests scheduled before this are sent but not counted (connections and JIT settle). */
  warmupMs: number;
  calendarEveryMs: number;
  newOrdersEveryMs: number;
  /** Writes per station per minute. */
  writesPerStationMinute: number;
  reaction: Reaction;
  /** The client's batching of an event burst into one refetch. */
  reactionDelayMs: number;
  /** And the random extra wait each screen adds, so one write's screens do not refetch together. */
  reactionSpreadMs: number;
}

export const operatorScreen: Omit<ScreenSchedule, 'durationMs' | 'warmupMs' | 'reaction'> = {
  calendarEveryMs: 60_000,
  newOrdersEveryMs: 20_000,
  writesPerStationMinute: 1,
  reactionDelayMs: 300,
  reactionSpreadMs: 700,
};

export type Kind = 'calendar' | 'new orders' | 'event: order' | 'event: week' | 'event: new orders' | 'write';
export const readKinds: Kind[] = [
  'calendar',
  'new orders',
  'event: order',
  'event: week',
  'event: new orders',
];

export interface StepResult {
  screens: number;
  latencies: Map<Kind, number[]>;
  statuses: Map<string, number>;
  /** Calendar polls answered 304. */
  notModified: number;
  /** Time from a write's send to its event at each open screen of the station. */
  delivery: number[];
  /** Share of one core the generator used during the step. */
  generatorCpu: number;
  /** Share of all the machine's cores busy during the step (everything on it, not only this bench). */
  machineBusy: number;
  /** How late the generator sent its requests, p99 ms. */
  sendLagP99: number;
  sseOpen: number;
  sseLost: number;
  /** Requests that had not answered 10 s after the schedule ended. */
  unanswered: number;
  /** Cores the server under test (and its database processes) used on average during the step. */
  targetCores: number;
  /** Wall time of the step, ms (the schedule, its last reactions and the stragglers). */
  wallMs: number;
}

interface Screen {
  index: number;
  station: number;
  etag?: string;
  sse?: SseConnection;
  alive: boolean;
  reactionPending: boolean;
}

const shuffle = (n: number, seed: number) => {
  // A fixed pseudo-random phase per screen, so every run and target gets the same schedule.
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return ((x >>> 0) / 0x1_0000_0000) * n;
  };
};

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function machineTicks(): { busy: number; total: number } {
  // First line of /proc/stat: user nice system idle iowait irq softirq steal …
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

export class ScreenLoad {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 2048, scheduling: 'lifo' });
  private readonly screens: Screen[] = [];
  private onEvent: (screen: Screen, data: string) => void = () => {};
  private onLost: () => void = () => {};

  constructor(
    private readonly target: ScreenTarget,
    private readonly stations: number,
  ) {}

  get open(): number {
    return this.screens.length;
  }

  /** Opens or closes screens until `count` are open; returns how many streams failed to open. */
  async resize(count: number, log?: (line: string) => void): Promise<number> {
    while (this.screens.length > count) {
      const screen = this.screens.pop()!;
      screen.alive = false;
      screen.sse?.close();
    }
    let failed = 0;
    const firstNew = this.screens.length;
    const batch = 50;
    for (let start = firstNew; start < count; start += batch) {
      const opening: Promise<void>[] = [];
      for (let i = start; i < Math.min(count, start + batch); i++) {
        const screen: Screen = { index: i, station: i % this.stations, alive: true, reactionPending: false };
        this.screens.push(screen);
        const { path, headers } = this.target.events(screen.station, i);
        screen.sse = openSse({
          host: this.target.host,
          port: this.target.port,
          path,
          headers,
          onEvent: (e) => {
            if (e.event === 'order') this.onEvent(screen, e.data);
          },
          onClose: () => {
            if (screen.alive) this.onLost();
          },
        });
        opening.push(
          screen.sse.opened.catch(() => {
            failed++;
            screen.alive = false;
          }),
        );
      }
      await Promise.all(opening);
    }
    if (count > firstNew) log?.(`opened ${count - firstNew} event streams (${failed} failed)`);
    return failed;
  }

  /** Gives every screen its station's current week tag, as an already open calendar holds. */
  async prime(): Promise<void> {
    const tags = new Map<number, string | undefined>();
    for (let s = 0; s < this.stations; s++) {
      const answer = await this.send(this.target.calendar(s, s, undefined));
      tags.set(s, answer.etag);
    }
    for (const screen of this.screens) screen.etag = tags.get(screen.station);
  }

  close(): void {
    for (const screen of this.screens) {
      screen.alive = false;
      screen.sse?.close();
    }
    this.screens.length = 0;
    this.agent.destroy();
  }

  private send(call: HttpCall): Promise<{ status: number; etag?: string }> {
    return new Promise((resolve) => {
      const req = httpRequest(
        {
          host: this.target.host,
          port: this.target.port,
          method: call.method,
          path: call.path,
          headers: call.body
            ? {
                ...call.headers,
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(call.body),
              }
            : call.headers,
          agent: this.agent,
        },
        (res) => {
          const etag = typeof res.headers.etag === 'string' ? res.headers.etag : undefined;
          res.on('end', () => resolve({ status: res.statusCode ?? 0, etag }));
          res.on('error', () => resolve({ status: 0 }));
          res.resume();
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve({ status: 0 }));
      req.end(call.body);
    });
  }

  /** Runs one step of the schedule with the screens now open. */
  async run(
    schedule: ScreenSchedule,
    seed = 1,
    targetCpuSeconds: () => number = () => NaN,
  ): Promise<StepResult> {
    const latencies = new Map<Kind, number[]>(
      [...readKinds, 'write' as Kind].map((k) => [k, [] as number[]]),
    );
    const statuses = new Map<string, number>();
    const delivery: number[] = [];
    const lags: number[] = [];
    let notModified = 0;
    let sseLost = 0;
    let inFlight = 0;
    const lastWrite = new Map<number, number>();
    const t0 = performance.now() + 50;
    const measured = (at: number) => at - t0 >= schedule.warmupMs && at - t0 < schedule.durationMs;

    const fire = (kind: Kind, call: HttpCall, at: number, screen?: Screen) => {
      const sentAt = performance.now();
      if (measured(at)) lags.push(sentAt - at);
      inFlight++;
      void this.send(call).then(({ status, etag }) => {
        inFlight--;
        if (!measured(at)) return;
        latencies.get(kind)!.push(performance.now() - at);
        const key = `${status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        if (status === 304) notModified++;
        if (screen && etag && (kind === 'calendar' || kind === 'event: week')) screen.etag = etag;
      });
    };

    this.onLost = () => sseLost++;
    this.onEvent = (screen, data) => {
      const now = performance.now();
      const wrote = lastWrite.get(screen.station);
      if (wrote !== undefined && measured(now)) delivery.push(now - wrote);
      if (schedule.reaction === 'none' || screen.reactionPending) return;
      let orderId = '';
      try {
        const event = JSON.parse(data) as { order_id?: string; changes?: unknown };
        // The orders' state came with it: the screen draws it and asks nothing.
        if (Array.isArray(event.changes)) return;
        orderId = event.order_id ?? '';
      } catch {
        // A stream line we cannot read: react as to any event.
      }
      screen.reactionPending = true;
      setTimeout(
        () => {
          screen.reactionPending = false;
          if (!screen.alive) return;
          const at = performance.now();
          if (schedule.reaction === 'order' && orderId) {
            fire('event: order', this.target.order(orderId, screen.index), at, screen);
          } else {
            fire('event: week', this.target.calendar(screen.station, screen.index, screen.etag), at, screen);
          }
          fire('event: new orders', this.target.newOrders(screen.station, screen.index), at, screen);
        },
        schedule.reactionDelayMs + Math.random() * schedule.reactionSpreadMs,
      );
    };

    // The whole step's arrivals, sorted: [time, kind code, screen or station].
    const random = shuffle(1, seed);
    const plan: [number, number, number][] = [];
    const every = (period: number, code: number, who: number) => {
      for (let t = random() * period; t < schedule.durationMs; t += period) plan.push([t, code, who]);
    };
    for (const screen of this.screens) {
      if (!screen.alive) continue;
      every(schedule.calendarEveryMs, 0, screen.index);
      every(schedule.newOrdersEveryMs, 1, screen.index);
    }
    if (schedule.writesPerStationMinute > 0) {
      for (let s = 0; s < this.stations; s++) every(60_000 / schedule.writesPerStationMinute, 2, s);
    }
    plan.sort((a, b) => a[0] - b[0]);

    const targetBefore = targetCpuSeconds();
    const cpuBefore = process.cpuUsage();
    const ticksBefore = machineTicks();
    const wallBefore = performance.now();
    let writes = 0;
    await new Promise<void>((done) => {
      let next = 0;
      const tick = () => {
        const now = performance.now() - t0;
        while (next < plan.length && plan[next]![0] <= now) {
          const [t, code, who] = plan[next++]!;
          const at = t0 + t;
          if (code === 2) {
            lastWrite.set(who, performance.now());
            fire('write', this.target.write(who, seed * 1_000_000 + writes++), at);
            continue;
          }
          const screen = this.screens[who];
          if (!screen?.alive) continue;
          if (code === 0)
            fire('calendar', this.target.calendar(screen.station, who, screen.etag), at, screen);
          else fire('new orders', this.target.newOrders(screen.station, who), at, screen);
        }
        if (next < plan.length) setTimeout(tick, Math.max(0, plan[next]![0] - (performance.now() - t0)));
        else setTimeout(done, Math.max(0, schedule.durationMs - now));
      };
      setTimeout(tick, 50);
    });
    // Reactions scheduled by the last events, then the stragglers.
    await new Promise((r) => setTimeout(r, schedule.reactionDelayMs + schedule.reactionSpreadMs + 50));
    const waitUntil = performance.now() + 10_000;
    while (inFlight > 0 && performance.now() < waitUntil) await new Promise((r) => setTimeout(r, 20));
    const unanswered = inFlight;
    const cpu = process.cpuUsage(cpuBefore);
    const ticksAfter = machineTicks();
    const wall = performance.now() - wallBefore;
    const targetCores = (targetCpuSeconds() - targetBefore) / (wall / 1000);
    this.onEvent = () => {};
    for (const list of latencies.values()) list.sort((a, b) => a - b);
    delivery.sort((a, b) => a - b);
    lags.sort((a, b) => a - b);
    return {
      screens: this.screens.filter((s) => s.alive).length,
      latencies,
      statuses,
      notModified,
      delivery,
      generatorCpu: (cpu.user + cpu.system) / 1000 / wall,
      machineBusy:
        ticksAfter.total > ticksBefore.total
          ? (ticksAfter.busy - ticksBefore.busy) / (ticksAfter.total - ticksBefore.total)
          : NaN,
      sendLagP99: percentile(lags, 99),
      sseOpen: this.screens.filter((s) => s.alive).length,
      sseLost,
      unanswered,
      targetCores,
      wallMs: wall,
    };
  }
}

/** All the screens' reads of a step (polls and event refetches), sorted. */
export function readLatencies(result: StepResult): number[] {
  return readKinds.flatMap((k) => result.latencies.get(k) ?? []).sort((a, b) => a - b);
}
