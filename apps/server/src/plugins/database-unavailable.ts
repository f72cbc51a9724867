/**
 * Whether an error means «the database cannot be reached right now» (issue 41), as opposed to a bug or a
 * bad query: PostgreSQL stopped, restarting or unreachable, a connection cut mid-query, the pool unable
 * to connect in time, or the embedded database's worker gone. Such a call did not run, and the same call
 * succeeds once the database is back (the pg pool opens new connections by itself), so the client is
 * told 503 with Retry-After instead of a 500.
 */

/** Socket-level failures of a database connection (Node's errno codes). */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not accepting yet: class 08 (connection exception),
 * 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down,
 * in recovery), 53300 too_many_connections.
 */
function unavailableSqlState(code: string) {
  return (
    code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'
  );
}

/**
 * node-postgres and pg-pool signal a lost or timed-out connection by message alone (no code); the
 * embedded database's client, a worker that exited (pglite-worker-client.ts).
 */
const messagePatterns = [
  /^Connection terminated/, // «… unexpectedly», «… due to connection timeout»
  /^timeout exceeded when trying to connect$/, // pg-pool's connectionTimeoutMillis
  /is not queryable$/, // a client after a connection error or after end()
  /^Cannot use a pool after calling end on the pool$/,
  /^PGlite worker exited/,
];

function unavailableHere(error: object): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (networkCodes.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && unavailableSqlState(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && messagePatterns.some((pattern) => pattern.test(message));
}

/** Looks through drizzle's wrapper (`cause`) and Node's AggregateError (`errors`, a host with two addresses). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  // fetch()'s failure wraps an HTTP peer's socket error (a geocoder, a push service), not the database's.
  if (error instanceof TypeError && error.message === 'fetch failed') return false;
  if (unavailableHere(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1));
}
