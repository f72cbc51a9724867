/**
 * Routes that may answer 2xx to another tenant's id, because the id does not select what they act on:
 * they act on the caller only. Keyed by operation and the request position that carries the foreign id;
 * every entry says why. An allowed answer is still checked: it must carry nothing of the foreign tenant.
 */
export const foreignIdAllowed: Record<string, Record<string, string>> = {
  'POST /api/error': {
    'body.user_id': 'the report is filed under the session user (reporterOf); the claimed id is not stored',
  },
  'POST /api/logger': {
    'body.userId': 'the log line is filed under the session user (reporterOf); the claimed id is not stored',
  },
  'GET /api/events': {
    'query.user_id':
      "EventSource cannot send headers, so the id may come as a parameter; the X-User-Id header wins when sent, and the stream is of the caller's own station",
  },
  'GET /api/user/{id}': {
    'query.station_id': "the spec's UI hint of the station in view; the answer is the caller's own profile",
  },
};

export function isForeignIdAllowed(operation: string, position: string): string | undefined {
  return foreignIdAllowed[operation]?.[position];
}
