import { messages, type ApiErrorBody } from '@crm/shared';
import { isOffline, offlineWriteRefusal } from './online';
import { getBearerToken, getSessionUserId } from './session';

/** Every failed call becomes this: the server's code, Russian message and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** The whole `error` member, for answers that carry more (ORDERS_OUTSIDE_HOURS lists orders). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Milliseconds before the call gives up (S1 §8 «Превышено время ожидания»). */
  timeoutMs?: number;
  /** Do not report a failure of this call to /api/error (the reporter itself, expected 404s). */
  silent?: boolean;
}

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener = () => {};
/** The auth feature decides what a 401 means (clear the session, go to login). */
export function setUnauthorizedListener(listener: UnauthorizedListener) {
  onUnauthorized = listener;
}

/** Tests share modules across files (src/test/setup.ts): a listener from a page rendered before is dropped. */
export function resetApiClientForTests() {
  onUnauthorized = () => {};
}

function buildUrl(path: string, query?: RequestOptions['query']) {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  return url.pathname + url.search;
}

/**
 * Resolves in a task of its own: `scheduler.postTask` where the browser has it, else a message to itself
 * (neither is held back like a timer in a background tab, nor faked with the timers in tests). A change's
 * task is `user-blocking`, ahead of the renders already queued.
 */
function nextTask(change: boolean): Promise<void> {
  const scheduler = (
    globalThis as {
      scheduler?: { postTask?(task: () => void, options: { priority?: string }): Promise<void> };
    }
  ).scheduler;
  if (scheduler?.postTask)
    return scheduler.postTask(() => {}, { priority: change ? 'user-blocking' : undefined });
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

/**
 * The one API client (DESIGN §3): base path, X-User-Id, bearer token, error shape, failure reporting.
 * Each call starts in a task of its own: a page's queries start their calls in React's commit, and six of
 * them (URL, headers, abort signals, the native fetch) made 31 ms of the dashboard's 57 ms commit task
 * unthrottled, 4× that on Lighthouse's phone (issue 15). The hop costs a call ≈ 1 ms. A change goes first:
 * a save's press had its call wait behind the render its form's validation had queued (≈ 160–240 ms at 4×
 * CPU before «Сохранить» sent anything, issue 40); where the browser has `scheduler.postTask`, a change's
 * task comes before such renders.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // The fetch of the moment of the call (a test's stand-in is the one it set up for this call).
  const send = globalThis.fetch.bind(globalThis);
  const { method = 'GET', body, query, signal, timeoutMs = 30_000, silent = false } = options;
  await nextTask(method !== 'GET');
  // Issue 39: offline, a change is refused with the reason at once (the page shows saved data), not queued.
  if (method !== 'GET' && isOffline()) throw new ApiError(0, 'OFFLINE', offlineWriteRefusal);
  // Cancelled meanwhile (a query whose screen went in the same commit): nothing goes out.
  signal?.throwIfAborted();
  const headers = apiHeaders();
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const timeout = AbortSignal.timeout(timeoutMs);
  const stop = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const url = buildUrl(path, query);
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    let data: unknown;
    try {
      response = await send(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal: stop,
      });
      if (response.status === 204) return undefined as T;
      data = await response.json().catch(() => null);
      if (response.ok) return data as T;
      const wait = attempt < OVERLOAD_RETRIES ? overloadWait(response, data, method) : null;
      if (wait === null) throw apiFailure(url, body, response.status, data, silent);
      await pause(wait, stop);
    } catch (cause) {
      if (cause instanceof ApiError || signal?.aborted) throw cause;
      const timedOut = timeout.aborted;
      const error = new ApiError(
        0,
        timedOut ? 'TIMEOUT' : 'NETWORK',
        timedOut ? messages.generic.timeout : messages.generic.network,
      );
      if (!silent) reportFailedCall(url, body, error);
      throw error;
    }
  }
}

/**
 * A call the server shed (503 OVERLOADED, DESIGN §8) did nothing, a POST neither: it is repeated after
 * Retry-After, this many times, before its failure shows «Сервер перегружен…». A read the server could not
 * serve while its database was away (503 NOT_READY) is repeated the same way; a change is not, since the
 * database may have gone in the middle of it: its «база данных не отвечает» shows, and the operator looks.
 */
const OVERLOAD_RETRIES = 2;

/** The 503s that are the server's state, not a bug: repeated (see above) and never reported. */
const unavailableCodes = new Set(['OVERLOADED', 'NOT_READY']);

/** Milliseconds to wait before repeating a call; null when the answer is not one to repeat. */
function overloadWait(response: Response, data: unknown, method: string): number | null {
  if (response.status !== 503 || !isErrorBody(data)) return null;
  const { code } = data.error;
  if (code !== 'OVERLOADED' && !(code === 'NOT_READY' && method === 'GET')) return null;
  const seconds = Number(response.headers.get('Retry-After'));
  const base = Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 10) : 2;
  // Spread out: clients shed together must not all come back in the same instant.
  return base * 1000 * (1 + Math.random() / 2);
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The headers every API call carries: X-User-Id and, inside Telegram, the bearer token. For calls made
 * outside `api` (the history export's Web Worker fetches on its own; cookies go there by themselves).
 */
export function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const userId = getSessionUserId();
  if (userId) headers['X-User-Id'] = userId;
  const token = getBearerToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * A failed answer (`status`, parsed body `data`) as `api` treats it: the ApiError, the 401 listener, the
 * failure report. For calls made outside `api`, so they fail the same way.
 */
export function apiFailure(
  url: string,
  requestData: unknown,
  status: number,
  data: unknown,
  silent = false,
): ApiError {
  const failure = isErrorBody(data) ? data.error : null;
  const error = failure
    ? new ApiError(status, failure.code, failure.message, failure.fields, failure)
    : new ApiError(status, 'INTERNAL', messages.generic.unexpected);
  if (status === 401) onUnauthorized();
  // A shed call is no bug, and a report would be one more call to a server that is already overloaded (or
  // could not store it).
  if (!silent && status !== 401 && !unavailableCodes.has(error.code))
    reportFailedCall(url, requestData, error);
  return error;
}

/**
 * The one error shape (DESIGN §4), checked by hand: this file is on every route's first download and
 * zod would add ~30 KB gzip to it.
 */
function isErrorBody(data: unknown): data is ApiErrorBody {
  if (typeof data !== 'object' || data === null || !('error' in data)) return false;
  const error = (data as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, fields } = error as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    (fields === undefined ||
      (typeof fields === 'object' &&
        fields !== null &&
        Object.values(fields).every((v) => typeof v === 'string')))
  );
}

/** `POST /api/error` (S1 §7), once per failure, never for the reporter's own failure. */
function reportFailedCall(apiUrl: string, requestData: unknown, error: ApiError) {
  const userId = getSessionUserId();
  void api('/error', {
    method: 'POST',
    silent: true,
    timeoutMs: 5000,
    body: {
      user_id: userId,
      code: `${error.status}:${error.code}`,
      api_url: apiUrl,
      current_url: window.location.pathname + window.location.search,
      request_data: requestData ?? null,
      response_data: { message: error.message, fields: error.fields },
    },
  }).catch(() => {});
}

/** The friendly text for any error (S1 §8 «Uncaught errors are mapped to friendly texts»). */
export function friendlyMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return error.message;
    if (error.status === 403) return error.message || messages.generic.forbidden;
    if (error.status === 404) return messages.generic.notFound;
    if (error.code === 'OVERLOADED') return messages.generic.overloaded;
    if (error.code === 'NOT_READY') return messages.generic.notReady;
    if (error.status >= 500) return messages.generic.unexpected;
    return error.message;
  }
  const text = error instanceof Error ? error.message : String(error);
  if (/failed to fetch|network/i.test(text)) return messages.generic.network;
  if (/timeout|timed out/i.test(text)) return messages.generic.timeout;
  if (/permission|forbidden/i.test(text)) return messages.generic.forbidden;
  if (/not found/i.test(text)) return messages.generic.notFound;
  if (/undefined|chunk|dynamically imported module|script error/i.test(text)) return messages.generic.reload;
  return messages.generic.unexpected;
}
