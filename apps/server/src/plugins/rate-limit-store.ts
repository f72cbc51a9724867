import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { normalizeIP, type FastifyRateLimitOptions, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Database } from '../db/client';

/**
 * The client a limit counts against: the plugin's own key (IPv6 folded to its /64), except that a request
 * whose socket is already gone has no `ip` — the default key generator then throws a TypeError (seen under
 * fuzz). Such clients share one bucket: nobody is left to read the answer anyway.
 */
export function rateLimitKey(request: Pick<FastifyRequest, 'ip'>): string {
  const ip = request.ip as string | undefined;
  return typeof ip === 'string' && ip !== '' ? normalizeIP(ip, 64) : 'unknown-client';
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * Counts one hit of `key` in its window (a window that has run out starts again at 1) and answers the
 * count so far and the milliseconds left. Shared by the plugin's store and by limits keyed by something
 * only a handler knows (the online booking's phone).
 */
export async function countHit(db: Database, key: string, timeWindow: number) {
  const result = await db.execute<{ count: number; ttl: number }>(
    sql`insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`,
  );
  const row = (result as unknown as { rows: { count: number; ttl: number }[] }).rows[0]!;
  // Expired windows are dead weight: sweep them now and then, not on every request.
  if (Math.random() < 0.01) {
    db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`).catch(() => {});
  }
  return { current: Number(row.count), ttl: Number(row.ttl) };
}

/**
 * A `@fastify/rate-limit` store in the database, so N server instances share one count per client
 * (DESIGN §1) instead of each allowing the full limit. One upsert per limited request: a window that has
 * run out starts again at 1.
 */
export function pgRateLimitStore(db: Database) {
  return class PgRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow: number) {
      countHit(db, `${this.prefix}${key}`, timeWindow)
        .then((result) => callback(null, result))
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: ChildOptions) {
      // At run time `child` gets the merged limit params with `routeInfo` (the types say RouteOptions).
      const route = (routeOptions as unknown as { routeInfo: { method?: string | string[]; url?: string } })
        .routeInfo;
      return new PgRateLimitStore(undefined, `${String(route.method)} ${route.url}|`);
    }
  };
}
