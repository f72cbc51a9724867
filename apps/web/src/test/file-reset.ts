/**
 * What a test helper keeps between calls (a fixture's id counter) and must start afresh in every test file.
 * The web project shares modules between the files a worker runs (isolate: false, vitest.config.ts), so a
 * helper module is evaluated once per worker: it registers its reset here and setup.ts runs them all after
 * each file, as a fresh module graph would.
 */
const resets = new Set<() => void>();

export function resetEachFile(reset: () => void) {
  resets.add(reset);
}

export function runFileResets() {
  for (const reset of resets) reset();
}
