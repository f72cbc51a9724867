import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { messages } from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { backupStatus } from '../../backup/backup-status';

/** Seconds; from a cached week list (a few ms) to a call the load shedding should have refused. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** How long a scrape waits for the outbox query before it leaves those figures out. */
const outboxQueryTimeoutMs = 2000;

/**
 * The route label: the pattern (`/api/order/:id`), never the URL with its ids. The web client's files
 * (one route per hashed file, new names with every release) and pages share one label; calls no route
 * matched share another.
 */
function routeLabel(request: FastifyRequest): string {
  const url = request.routeOptions.url;
  if (!url) return '(unmatched)';
  return url.startsWith('/api/') || url === '/metrics' ? url : '(web)';
}

/** Compares in constant time whatever the lengths: the digests of both are compared. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));
}

interface OutboxRow {
  queue: string;
  n: number;
  age: number | null;
}

/** The three outbox queues: events not yet fanned out, notifications and partner callbacks not yet sent. */
const outboxQuery = sql`
  select 'order_events' as queue, count(*)::int as n,
         extract(epoch from now() - min(created_at))::float8 as age
    from order_events where fanned_out_at is null
  union all
  select 'notification_deliveries', count(*)::int, extract(epoch from now() - min(created_at))::float8
    from notification_deliveries where status = 'pending'
  union all
  select 'partner_callbacks', count(*)::int, extract(epoch from now() - min(created_at))::float8
    from partner_callbacks where status = 'pending'`;

/**
 * Builds this app's metrics (a registry of its own: tests build many apps in one process). Collected
 * on scrape, except the request durations (a hook per response).
 */
function createMetrics(app: FastifyInstance, deps: AppDeps) {
  const register = new Registry();
  // Event-loop delay (`nodejs_eventloop_lag_*`), CPU, memory, GC, handles: prom-client's defaults.
  collectDefaultMetrics({ register });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class (the event stream excluded)',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: durationBuckets,
    registers: [register],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request);
    // An event stream lasts as long as the screen is open: not a request duration.
    if (route === '/api/events') return;
    duration.observe(
      { method: request.method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'crm_event_streams_open',
    help: 'Order event streams (SSE) open on this instance',
    registers: [register],
    collect() {
      this.set(app.hasDecorator('orderEvents') ? app.orderEvents.subscriberCount() : 0);
    },
  });

  // One query per scrape, shared by the two gauges it feeds; `scrape` below starts each scrape without it.
  // (Cleared on a later turn of the event loop instead, a scrape right after another could be given the
  // earlier one's rows: a test that counted a row it had just written read the old count on a loaded CI.)
  let outbox: Promise<OutboxRow[] | null> | null = null;
  const outboxSnapshot = () =>
    (outbox ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      try {
        const result = await Promise.race([
          deps.db.execute(outboxQuery),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('timed out')), outboxQueryTimeoutMs);
          }),
        ]);
        return (result as unknown as { rows: OutboxRow[] }).rows;
      } catch (error) {
        app.log.warn({ err: error }, 'metrics: the outbox backlog could not be read');
        return null;
      } finally {
        clearTimeout(timer);
      }
    })());
  new Gauge({
    name: 'crm_outbox_backlog',
    help: 'Outbox rows not yet handled, by queue (absent when the database did not answer)',
    labelNames: ['queue'] as const,
    registers: [register],
    async collect() {
      this.reset();
      for (const row of (await outboxSnapshot()) ?? []) this.set({ queue: row.queue }, Number(row.n));
    },
  });
  new Gauge({
    name: 'crm_outbox_oldest_pending_seconds',
    help: 'Age of the oldest outbox row not yet handled, by queue (0 when none)',
    labelNames: ['queue'] as const,
    registers: [register],
    async collect() {
      this.reset();
      for (const row of (await outboxSnapshot()) ?? []) this.set({ queue: row.queue }, Number(row.age ?? 0));
    },
  });

  if (deps.database.kind === 'postgres') {
    const pool = (deps.db as unknown as { $client: pg.Pool }).$client;
    new Gauge({
      name: 'crm_db_pool_connections',
      help: 'PostgreSQL pool connections: total open and idle',
      labelNames: ['state'] as const,
      registers: [register],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'crm_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL pool connection',
      registers: [register],
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  if (deps.database.kind === 'pglite') {
    const client = (deps.db as unknown as { $client: { pendingCount?: number } }).$client;
    new Gauge({
      name: 'crm_backup_last_success_timestamp_seconds',
      help: 'When the newest backup of the embedded database was taken (absent while none is known)',
      registers: [register],
      collect() {
        this.reset();
        const last = backupStatus.lastSuccess();
        if (last) this.set(last.getTime() / 1000);
      },
    });
    new Gauge({
      name: 'crm_db_queue_pending',
      help: 'Queries waiting for or running in the embedded database (PGlite runs one at a time)',
      registers: [register],
      collect() {
        this.set(client.pendingCount ?? 0);
      },
    });
  }

  // Counters kept by the plugins as plain numbers, carried over on scrape.
  const carried = new Map<string, number>();
  const carry = (counter: Counter<string>, key: string, labels: Record<string, string>, now: number) => {
    const delta = now - (carried.get(key) ?? 0);
    carried.set(key, now);
    if (delta > 0) counter.inc(labels, delta);
  };
  new Counter({
    name: 'crm_load_shed_total',
    help: 'API calls shed with 503 OVERLOADED, by reason (inFlight: the in-flight cap; eventLoopDelay)',
    labelNames: ['reason'] as const,
    registers: [register],
    collect() {
      if (!app.hasDecorator('loadShedding')) return;
      for (const reason of ['inFlight', 'eventLoopDelay']) this.inc({ reason }, 0);
      for (const [reason, n] of Object.entries(app.loadShedding.shed)) {
        carry(this, `shed:${reason}`, { reason }, n);
      }
    },
  });
  new Gauge({
    name: 'crm_api_calls_in_flight',
    help: 'API calls being served (under the MAX_IN_FLIGHT_REQUESTS cap)',
    registers: [register],
    collect() {
      if (app.hasDecorator('loadShedding')) this.set(app.loadShedding.inFlight());
    },
  });
  new Gauge({
    name: 'crm_api_calls_queued',
    help: 'API calls over the cap waiting for a slot',
    registers: [register],
    collect() {
      if (app.hasDecorator('loadShedding')) this.set(app.loadShedding.queued());
    },
  });
  new Counter({
    name: 'crm_database_unavailable_total',
    help: 'Calls answered 503 NOT_READY because the database could not be reached',
    registers: [register],
    collect() {
      if (app.hasDecorator('databaseUnavailable')) {
        carry(this, 'db', {}, app.databaseUnavailable.calls);
      }
    },
  });

  return {
    contentType: register.contentType,
    /** The metrics' text, every gauge collected now. */
    scrape() {
      outbox = null;
      return register.metrics();
    },
  };
}

/**
 * `GET /metrics` (issue 41): Prometheus's text format, for the operator's monitoring, not for users.
 * Only with `Authorization: Bearer $METRICS_TOKEN` (401 otherwise); 404 when METRICS_TOKEN is unset, and
 * then nothing is measured at all. Outside /api: no session lookup, no load shedding (a scrape must work
 * when the API is overloaded), not in the OpenAPI document.
 */
export const metricsRoutes = fp(
  async (app: FastifyInstance, deps: AppDeps) => {
    const token = deps.config.metricsToken;
    const metrics = token ? createMetrics(app, deps) : null;

    app.get('/metrics', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      if (!token || !metrics) {
        return reply.code(404).send({ error: { code: 'NOT_FOUND', message: messages.generic.notFound } });
      }
      if (!bearerMatches(request.headers.authorization, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ error: { code: 'AUTH_REQUIRED', message: messages.auth.notAuthorized } });
      }
      return reply.type(metrics.contentType).send(await metrics.scrape());
    });
  },
  { name: 'metrics' },
);
