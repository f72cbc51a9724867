import { spawnNode, type Child } from '../../e2e/support/server';

export { freePort, scriptNodeFlags, spawnNode } from '../../e2e/support/server';

export interface ProductServerOptions {
  /** An entry point that changes the server before importing it (bench:durability). */
  script?: string;
  /** Create the demo data into the empty database. */
  seedDemo?: boolean;
  /** More variables for the server (bench:overload's meters). */
  env?: NodeJS.ProcessEnv;
  /** What answers 200 once the server can serve. */
  readyPath?: string;
}

/** The product server as `npm start` runs it, on the given database, without web files. */
export function startProductServer(
  port: number,
  database: { databaseUrl: string } | { dataDir: string },
  logLevel: string,
  options: ProductServerOptions = {},
): Promise<Child> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'YANDEX_CLIENT_ID', 'YANDEX_CLIENT_SECRET', 'AUTH_LOCAL']) {
    delete env[key];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: options.seedDemo ? '1' : '0',
    LOG_LEVEL: logLevel,
    ...('databaseUrl' in database ? { DATABASE_URL: database.databaseUrl } : { DATA_DIR: database.dataDir }),
    ...options.env,
  });
  // Readiness, not liveness, by default: the benchmark's first call needs the database to answer.
  return spawnNode(
    options.script ?? 'apps/server/src/server.ts',
    port,
    env,
    options.readyPath ?? '/api/ready',
  );
}
