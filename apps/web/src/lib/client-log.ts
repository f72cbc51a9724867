import { api } from './api-client';
import { getSessionUserId } from './session';

export type LogLevel = 'error' | 'warning' | 'info';

const DUPLICATE_WINDOW_MS = 1000;
let last: { key: string; at: number } | null = null;

/** Tests share modules across files (src/test/setup.ts): no error counts as a duplicate of another file's. */
export function resetClientLogForTests() {
  last = null;
}

/**
 * `POST /api/logger` (S1 §7): uncaught errors are logged once (identical ones within 1 s are dropped,
 * S1 §9 «Duplicate-error debounce»); a failure of the logger itself is swallowed.
 */
export function logClientError(error: unknown, context: string, level: LogLevel = 'error') {
  const err = error instanceof Error ? error : new Error(String(error));
  const key = `${context}:${err.message}`;
  const now = Date.now();
  if (last && last.key === key && now - last.at < DUPLICATE_WINDOW_MS) return;
  last = { key, at: now };
  void api('/logger', {
    method: 'POST',
    silent: true,
    timeoutMs: 5000,
    body: {
      message: err.message.slice(0, 2000),
      stack: err.stack?.slice(0, 8000) ?? null,
      url: window.location.pathname + window.location.search,
      userAgent: navigator.userAgent,
      timestamp: new Date(now).toISOString(),
      userId: getSessionUserId(),
      level,
      context,
    },
  }).catch(() => {});
}
