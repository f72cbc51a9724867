import type { FastifyRequest } from 'fastify';

/**
 * Logger options of the server, in one place for server.ts and the tests that prove them: personal data
 * never reaches the log (DESIGN §8).
 */

/** Session cookies and bearer tokens, wherever a log line carries headers. */
export const logRedactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

// Members of driver and query errors that carry row values: drizzle's `params` (names, phones, e-mails
// bound to the query) and PostgreSQL's `detail` («Key (phone)=(+7…) already exists», «Failing row
// contains (…)»), with their relatives.
const valueCarryingKeys = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'hint']);

type ErrorLike = Error & Record<string, unknown>;
const isErrorLike = (value: unknown): value is ErrorLike =>
  value instanceof Error ||
  (typeof value === 'object' && value !== null && 'message' in value && 'stack' in value);

/** The message without values: a drizzle query error keeps its SQL (placeholders only), not its params. */
function scrubbedMessage(error: ErrorLike): string {
  const message = String(error.message ?? '');
  if ('params' in error && typeof error.query === 'string') return `Failed query: ${error.query}`;
  // Data exceptions (SQLSTATE class 22) quote the offending input: «invalid input syntax for type …: "…"».
  if (typeof error.code === 'string' && error.code.startsWith('22'))
    return message.replace(/"[^"]*"/g, '"…"');
  return message;
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function scrubError(error: ErrorLike, depth: number): SerializedError {
  const message = scrubbedMessage(error);
  const original = String(error.message ?? '');
  const stack = typeof error.stack === 'string' ? error.stack : '';
  const out: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message,
    // The stack opens with the original message: swap it too.
    stack: original ? stack.replace(original, message) : stack,
  };
  for (const key of Object.keys(error)) {
    if (valueCarryingKeys.has(key) || key === 'cause' || key === 'message' || key === 'stack') continue;
    const value = error[key];
    out[key] = isErrorLike(value) && depth < 5 ? scrubError(value, depth + 1) : value;
  }
  if (isErrorLike(error.cause) && depth < 5) out.cause = scrubError(error.cause, depth + 1);
  return out;
}

/** pino `err` serializer: the error chain with every value-carrying member and message part removed. */
export function errSerializer(error: Error): SerializedError {
  if (isErrorLike(error)) return scrubError(error, 0);
  return { type: typeof error, message: String(error), stack: '' };
}

/**
 * A path as logs may keep it: a driver's manage token (issue 37, `/api/public/bookings/{token}` and the
 * page `/booking/{token}`) is a secret, like a session id, and is cut out.
 */
export function loggablePath(path: string): string {
  return path.replace(/^(\/api\/public\/bookings\/|\/booking\/)[^/]*/, '$1…');
}

/** pino `req` serializer: the path without its query string (search text, codes, states, addresses). */
export function reqSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : loggablePath(request.url.split('?')[0]!),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Options for Fastify's `logger`; `stream` lets a test read what would be written. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    redact: logRedactPaths,
    serializers: { err: errSerializer, req: reqSerializer },
    ...(stream ? { stream } : {}),
  };
}
