// The server files that need a module graph of their own: a `vi.mock` applies only to the modules its
// file imports first, and the other server files share their worker's graph (vitest.config.ts).
export const serverIsolated = [
  // vi.mock('./calendar.repository'): counts the calendar's reads behind an ETag.
  'src/modules/orders/orders.calendar.test.ts',
];

/** What makes a test file need its own module graph. */
export const needsIsolation = /\bvi\.(mock|doMock|resetModules)\(/;
