import { spawnNode, type Child } from '../../e2e/support/server';

export { freePort, spawnNode } from '../../e2e/support/server';

/**
 * The product server as `npm start` runs it, on the given database, without demo seeding or web files.
 * `script` swaps the entry point for a wrapper that changes the server before importing it (bench:durability).
 */
export function startProductServer(
  port: number,
  database: { databaseUrl: string } | { dataDir: string },
  logLevel: string,
  script = 'apps/server/src/server.ts',
): Promise<Child> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'YANDEX_CLIENT_ID', 'YANDEX_CLIENT_SECRET', 'AUTH_LOCAL']) {
    delete env[key];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: '0',
    LOG_LEVEL: logLevel,
    ...('databaseUrl' in database ? { DATABASE_URL: database.databaseUrl } : { DATA_DIR: database.dataDir }),
  });
  // Readiness, not liveness: the benchmark's first call needs the database to answer.
  return spawnNode(script, port, env, '/api/ready');
}
