import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { messages } from '@crm/shared';

export interface LoadSheddingOptions {
  /** API calls served at once; the next ones wait for a slot. 0: no cap (and calls start at once). */
  maxInFlight: number;
  /** How long (ms) a call over the cap waits for a slot before it is shed. 0: shed at once. */
  maxQueueWaitMs: number;
  /** Mean event-loop delay (ms, sampled every SAMPLE_INTERVAL_MS) above which API calls are shed. 0: off. */
  maxEventLoopDelayMs: number;
  /**
   * The time (ms) a call may take from arrival to answer: one that would not be served by then, by the
   * cost per call measured lately, is shed instead of served late. 0: off (only the cap and the wait).
   */
  deadlineMs?: number;
}

/** How often the event-loop delay is sampled: a stall sheds for at most this long after it ends. */
const SAMPLE_INTERVAL_MS = 500;

/** Calls over the cap that may wait for a slot, as a multiple of the cap; the next are shed at once. */
const QUEUE_PER_SLOT = 4;

/**
 * Calls always let in at once, whatever they are expected to take: a slow host still serves someone, and a
 * few slow calls (an Excel export) on a quiet server do not make the next ones look late.
 */
const MIN_IN_FLIGHT = 4;

/** Completed calls the cost per call is the median of: one slow export does not move it. */
const COST_SAMPLES = 32;

/**
 * What one more call in flight adds to the time a call takes, from the last COST_SAMPLES served calls:
 * each call's duration divided by the calls in flight when it was let in (itself included). The database
 * serves the calls in flight in turns (PGlite one at a time, PostgreSQL a pool's worth at once), so a call
 * let in behind k others takes about k + 1 times this. Unknown (null) until a call has been served.
 */
export class CallCost {
  private readonly samples: number[] = [];
  private next = 0;
  private median: number | null = null;
  record(durationMs: number, inFlightAtAdmission: number) {
    this.samples[this.next] = durationMs / Math.max(1, inFlightAtAdmission);
    this.next = (this.next + 1) % COST_SAMPLES;
    const sorted = [...this.samples].sort((a, b) => a - b);
    this.median = sorted[Math.floor(sorted.length / 2)]!;
  }
  perCallMs(): number | null {
    return this.median;
  }
}

/** Seconds the client is told to wait: long enough for the queue ahead to drain, short enough to feel live. */
export const RETRY_AFTER_SECONDS = 2;

/**
 * Never shed: the probes (their point is to answer while the process is busy), the order event stream
 * (EventSource gives up for good on a 503, and an open stream costs nothing per event), and anything
 * outside /api (the web client's files, which load before any call).
 */
const exemptPaths = new Set(['/api/health', '/api/ready', '/api/events']);

declare module 'fastify' {
  interface FastifyInstance {
    /** What load shedding sees and did, for `GET /metrics`. */
    loadShedding: LoadSheddingStats;
  }
}

export interface LoadSheddingStats {
  /**
   * Calls shed since the start, by why: `inFlight` (the cap, after any wait), `deadline` (it would have been
   * answered too late), `eventLoopDelay`.
   */
  shed: Record<string, number>;
  /** API calls being served now (counted only while the cap is on). */
  inFlight(): number;
  /** Calls over the cap waiting for a slot. */
  queued(): number;
}

export function isSheddable(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0]!;
  return path.startsWith('/api/') && !exemptPaths.has(path);
}

/** A call waiting for a slot: let in, or shed with the reason. Either takes it out of the queue. */
interface Waiting {
  arrivedAt: number;
  admit(): void;
  shed(reason: string): void;
}

function overloaded(reply: FastifyReply) {
  reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).header('Cache-Control', 'no-store');
  return { error: { code: 'OVERLOADED' as const, message: messages.generic.overloaded } };
}

/**
 * DESIGN §8: an overloaded process answers 503 + Retry-After at once, before any work (no session lookup,
 * no body parsing), instead of queueing callers for seconds. Two signals:
 * - the event loop is late (@fastify/under-pressure): the thread itself is saturated, whatever the cause;
 * - too many API calls are in flight: the database is the bottleneck. The database works off the request
 *   thread (PostgreSQL, or PGlite in its worker), so the loop stays idle while calls pile up behind it
 *   and only this count sees them. A call over the cap waits up to `maxQueueWaitMs` for a slot before it
 *   is shed: calls that piled up in the sockets during a stall of a few hundred ms (a GC pause, a busy
 *   host) enter together, and they drain in well under a second. Shed at once, each waited Retry-After
 *   instead (bench:capacity, 2000 screens: 1–3 % of a run's calls, at a read p99 under 200 ms). Once a
 *   call has waited in vain the process is overloaded, not bursting: for Retry-After the calls over the
 *   cap are shed at once again, so a lasting overload does not add the wait to every call it serves.
 *   The cap itself always holds: the database never has more than `maxInFlight` calls to work through.
 * - a call would be answered after its deadline (`deadlineMs`): the cap is a count, but what a call waits
 *   for is the calls ahead of it times what each costs, and that cost depends on the host. 64 week lists
 *   in flight on PGlite took 8.3 s to serve on a loaded 2-core host (bench:overload, issue 41; 1.65 s with a
 *   1 s deadline): a call served that late is worse than one refused. So a call is let in only while the calls in flight
 *   (or, arriving, those in flight and waiting) times the cost per call measured lately (`CallCost`) still
 *   fit its deadline; otherwise it is shed at once, or waits for the calls ahead to drain.
 * A shed call did nothing, so any call (a POST too) may be repeated after Retry-After; the web client does.
 */
export const loadSheddingPlugin = fp(
  async (app: FastifyInstance, options: LoadSheddingOptions) => {
    const { maxInFlight, maxQueueWaitMs } = options;
    let inFlight = 0;
    // Calls waiting for a slot, oldest first.
    const queue: Waiting[] = [];
    // Until when calls over the cap are shed without waiting (a call waited in vain).
    let overloadedUntil = 0;
    let shedSince = 0;
    let lastReport = 0;

    const stats: LoadSheddingStats = { shed: {}, inFlight: () => inFlight, queued: () => queue.length };
    app.decorate('loadShedding', stats);

    // Under overload a log line per shed call would add to it: one summary every 10 s at most.
    const count = (request: FastifyRequest, reason: string) => {
      stats.shed[reason] = (stats.shed[reason] ?? 0) + 1;
      shedSince++;
      const now = Date.now();
      if (now - lastReport < 10_000) return;
      request.log.warn(
        { shed: shedSince, inFlight, maxInFlight, reason },
        'overloaded: shedding API calls with 503',
      );
      shedSince = 0;
      lastReport = now;
    };

    if (options.maxEventLoopDelayMs > 0) {
      // The sampler starts with the app, so its first samples hold the start itself (migrations, demo seed:
      // ~2 s mean delay measured) and would shed the first calls after listening. Armed once a sample lies
      // wholly after onReady (the server seeds before listening, and listening runs onReady).
      let armed = false;
      app.addHook('onReady', async () => {
        setTimeout(() => (armed = true), 2 * SAMPLE_INTERVAL_MS).unref();
      });
      await app.register(underPressure, {
        maxEventLoopDelay: options.maxEventLoopDelayMs,
        sampleInterval: SAMPLE_INTERVAL_MS,
        // Returning the body sends it; returning nothing lets the call through (the plugin's contract).
        pressureHandler: (request, reply, type) => {
          if (!armed || !isSheddable(request)) return;
          count(request, type);
          return overloaded(reply) as unknown as void;
        },
      });
    }

    if (maxInFlight > 0) {
      const deadlineMs = options.deadlineMs ?? 0;
      const cost = new CallCost();
      /**
       * Would a call that arrived at `arrivedAt`, let in now behind `ahead` calls, be answered in time?
       * Before the first call is served the cost is unknown: MIN_IN_FLIGHT go in, the rest wait for them (a
       * cold start under a burst would otherwise let in the whole cap, 8–11 s of work on a slow host).
       */
      const answeredInTime = (arrivedAt: number, ahead = inFlight) => {
        const perCallMs = cost.perCallMs();
        if (deadlineMs === 0 || inFlight < MIN_IN_FLIGHT) return true;
        if (perCallMs === null) return false;
        return performance.now() - arrivedAt + (ahead + 1) * perCallMs <= deadlineMs;
      };

      // Hands free slots to the waiting calls, oldest first, while they can still be answered in time; a
      // waiting call that could not be even alone is shed now rather than at the end of its wait.
      const admitWaiting = () => {
        while (queue.length > 0 && inFlight < maxInFlight) {
          const head = queue[0]!;
          if (answeredInTime(head.arrivedAt)) head.admit();
          else if (!answeredInTime(head.arrivedAt, 0)) head.shed('deadline');
          else return;
        }
      };

      // Calls let in, and when they arrived.
      const arrivals = new WeakMap<FastifyRequest, number>();
      if (deadlineMs > 0) {
        // A call let in on time can still wait past its deadline: for the session's read behind a stall,
        // or for a loop busy answering others. One that has, is shed before its handler does anything.
        app.addHook('preHandler', (request, reply, done) => {
          const arrivedAt = arrivals.get(request);
          if (arrivedAt === undefined || performance.now() - arrivedAt <= deadlineMs) return done();
          count(request, 'deadline');
          void reply.send(overloaded(reply));
        });
      }

      app.addHook('onRequest', (request, reply, done) => {
        if (!isSheddable(request)) return done();
        const arrivedAt = performance.now();
        const admit = () => {
          arrivals.set(request, arrivedAt);
          const admittedAt = performance.now();
          const inFlightAtAdmission = ++inFlight;
          // 'close' fires once however the response ends: sent, failed, or the client gone. The slot
          // passes to the oldest waiting call that can still be answered in time.
          reply.raw.once('close', () => {
            inFlight--;
            if (reply.statusCode < 500) cost.record(performance.now() - admittedAt, inFlightAtAdmission);
            admitWaiting();
          });
          done();
        };
        const shed = (reason: string) => {
          count(request, reason);
          // Not calling done(): the call ends here, before the later hooks (sessions) and the handler.
          void reply.send(overloaded(reply));
        };
        if (queue.length === 0 && inFlight < maxInFlight && answeredInTime(arrivedAt)) return admit();
        const late = cost.perCallMs() !== null && !answeredInTime(arrivedAt, inFlight + queue.length);
        if (deadlineMs > 0 && late) return shed('deadline');
        if (
          maxQueueWaitMs === 0 ||
          queue.length >= QUEUE_PER_SLOT * maxInFlight ||
          performance.now() < overloadedUntil
        ) {
          return shed('inFlight');
        }
        const leave = () => {
          const at = queue.indexOf(waiting);
          if (at >= 0) queue.splice(at, 1);
          clearTimeout(timer);
          reply.raw.off('close', leave);
        };
        const waiting: Waiting = {
          arrivedAt,
          admit: () => {
            leave();
            admit();
          },
          shed: (reason) => {
            leave();
            shed(reason);
          },
        };
        const timer = setTimeout(() => {
          overloadedUntil = performance.now() + RETRY_AFTER_SECONDS * 1000;
          waiting.shed('inFlight');
        }, maxQueueWaitMs);
        // A caller that gives up while waiting leaves the queue.
        reply.raw.once('close', leave);
        queue.push(waiting);
      });
    }
  },
  { name: 'load-shedding' },
);
