import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { serverIsolated } from './apps/server/test-isolation';
import { webIsolated } from './apps/web/test-isolation';

// One runner, eight projects: `--project shared|bench|web|web-isolated|server|server-isolated|cluster|e2e`.

// What both server projects share. Races need a real multi-connection server: `*.pg.test.ts` runs only
// against PostgreSQL (CI runs the whole server suite a second time on it), never as a silent skip on
// PGlite; `*.pglite.test.ts` (the embedded database's fsyncs) only on PGlite.
const serverProject = {
  root: 'apps/server',
  exclude: process.env.TEST_DATABASE_URL ? ['src/**/*.pglite.test.ts'] : ['src/**/*.pg.test.ts'],
  globalSetup: ['src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
export default defineConfig({
  test: {
    // A worker per core. Vitest's default leaves one core to its main process, which on the 2-core CI
    // machines means one worker: the unit and API suites ran on half the machine (1.4× slower, measured).
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      // The budgets' verdicts (pure functions of measured figures), not the benchmarks themselves.
      { test: { name: 'bench', root: 'bench', include: ['**/*.test.ts'], exclude: ['**/node_modules/**'] } },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...webIsolated],
          environment: 'happy-dom',
          setupFiles: ['src/test/no-motion.ts', 'src/test/setup.ts'],
          // Forks, not threads (≈ 11 % cheaper): a worker thread's process.env is its own copy, so the
          // tests that move the browser to another zone (process.env.TZ) would silently stay in UTC.
          // The files a worker runs share one happy-dom and one module graph: a fresh environment, the
          // setup files and antd's import cost ≈ 2 CPU-s a file otherwise. src/test/setup.ts puts back
          // after each file what it changed (globals, storage, timers, the page, the app's singletons).
          isolate: false,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web-isolated',
          root: 'apps/web',
          include: webIsolated,
          environment: 'happy-dom',
          setupFiles: ['src/test/no-motion.ts', 'src/test/setup.ts'],
        },
      },
      {
        test: {
          ...serverProject,
          name: 'server',
          include: ['src/**/*.test.ts'],
          exclude: [...serverProject.exclude, ...serverIsolated],
          // The files a worker runs share its module graph: each file builds its own app on its own copy of
          // the database (src/test/test-app.ts), and importing the server's modules anew for every file was
          // a third of the suite's time (import 84 of 241 s on PGlite, 117 of 369 s on PostgreSQL).
          isolate: false,
        },
      },
      { test: { ...serverProject, name: 'server-isolated', include: serverIsolated } },
      {
        // Issue 41: nginx, 3 instances and a throw-away PostgreSQL (bench/cluster); not part of `npm test`.
        test: {
          name: 'cluster',
          root: 'bench',
          include: ['cluster/**/*.spec.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['specs/**/*.spec.ts'],
          globalSetup: ['support/global-setup.ts'],
          // One file at a time on one server. Two files on two servers each (measured) took as long: the
          // browser tests keep both cores busy on their own (Chromium, the server).
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
